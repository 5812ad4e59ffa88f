// The stored files of a listing's photos: their widths, formats and names, and the `srcset` a page
// shows them with (docs/photos.md). Apart from photo-files.ts, whose limits and messages only the
// forms need: every card's image imports this, in the first load.

/**
 * The widths a new photo is stored at (never wider than the photo itself). 720 and 960 are for
 * phones as wide as a photo: 360 CSS px at twice its density (the common Android phone) needs 720,
 * 412–480 px needs 960; the browser takes the smallest file at or above what it needs
 * (docs/photos.md, decisions 0034 and 0044). A photo keeps the widths it was stored at (its
 * `widths`): photos stored before 960 have [320, 640, 1280], before 720 [320, 640, 960, 1280].
 */
export const PHOTO_WIDTHS = [320, 640, 720, 960, 1280] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The file name of one stored size of a photo: `1280.webp`. */
export const variantName = (width: number, format: PhotoFormat) => `${width}.${format}`;

/** A stored photo as far as its files go: the widest file's width, and the widths it was stored at. */
export interface StoredWidths {
  width: number;
  widths: readonly number[];
}

/**
 * The files a photo is stored as, per format: each of its `widths` narrower than the photo, named by
 * its width, and the widest (named by the last of `widths`, 1280, whatever its width: the photo's own
 * width when narrower). `width` is the widest file's width, as a Photo has it.
 */
export function photoVariants({ width, widths }: StoredWidths): { name: number; width: number }[] {
  const widest = widths.at(-1)!;
  const full = Math.min(width, widest);
  return [...widths.filter((w) => w < full).map((w) => ({ name: w, width: w })), { name: widest, width: full }];
}

/** The key of a photo's widest WebP, which its `url` addresses. */
export const photoUrlKey = (id: string, photo: StoredWidths) =>
  `${id}/${variantName(photoVariants(photo).at(-1)!.name, 'webp')}`;

/** A stored photo's files, as the photo store keys them: `{id}/{width}.{format}`. */
export const photoFileKeys = (id: string, photo: StoredWidths) =>
  photoVariants(photo).flatMap((v) => PHOTO_FORMATS.map((format) => `${id}/${variantName(v.name, format)}`));

/**
 * `srcset` values for a photo, one per format, from its `url` (the widest WebP): the other files
 * have the same address but for their name.
 */
export function photoSources(photo: StoredWidths & { url: string }): Record<PhotoFormat, string> {
  const base = photo.url.slice(0, photo.url.lastIndexOf('/') + 1);
  const srcset = (format: PhotoFormat) =>
    photoVariants(photo)
      .map((v) => `${base}${variantName(v.name, format)} ${v.width}w`)
      .join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}
