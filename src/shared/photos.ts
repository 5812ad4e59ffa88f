import { PHOTO_LIMITS, PHOTO_MESSAGES } from './photo-files.ts';
import { z } from './z.ts';

// Photos of a listing (docs/photos.md): uploaded one at a time (POST /api/photos), stored as AVIF and
// WebP at a few widths (shared/photo-files.ts), attached to a laptop by id when it is added
// (POST /api/addLaptop `photos`).

/** A stored photo: `url` is its widest WebP; the other sizes and AVIF sit beside it (photoSources). */
export const photoSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** Of the widest file. */
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()).meta({
    description:
      'The widths the photo was stored at, narrowest first: beside `url` are `{w}.avif` and `{w}.webp` for each one narrower than `width`, and the widest file is named by the last one (1280) whatever its width (photoVariants)',
  }),
});
export type Photo = z.infer<typeof photoSchema>;

/** `{ photos: [id…] }` on POST /api/addLaptop: at most 8, each once. */
export const photoIdsSchema = z
  .array(z.string().regex(/^[a-f0-9]{32}$/, 'each photo must be an id from POST /api/photos'), {
    error: 'photos must be a list of photo ids',
  })
  .max(PHOTO_LIMITS.perLaptop, PHOTO_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, {
    message: PHOTO_MESSAGES.duplicate,
    params: { code: 'photo_duplicate' },
  });
