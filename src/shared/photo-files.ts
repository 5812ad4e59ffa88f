// Photos of listings without zod (the web's first load imports these): limits, messages and the
// stored files' names (docs/photos.md).
export const PHOTO_LIMITS = {
  /** Photos a listing may have; the first is its cover. */
  perLaptop: 8,
  /** Bytes of one uploaded file. */
  maxBytes: 15 * 1024 * 1024,
  /** Pixels of one uploaded photo (a 12 MP phone photo is 12,000,000). */
  maxPixels: 50_000_000,
  /** The long side the browser scales a photo down to before sending it. */
  clientMaxSide: 2048,
  /** Uploads one seller may have in progress at once (the browser sends one at a time). */
  uploadsAtOnce: 2,
} as const;

/**
 * The widths a new photo is stored at (never wider than the photo itself). 960 is for phones: a
 * 360 px wide screen at twice its density needs 720 px, which 640 is too small for (docs/photos.md).
 * A photo keeps the widths it was stored at (its `widths`): photos stored before 960 have
 * [320, 640, 1280].
 */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_MESSAGES = {
  missing: 'Choose a photo to upload (the form field is "photo")',
  empty: 'The file is empty',
  tooLarge: 'The photo is larger than 15 MB',
  notAPhoto: 'The file is not a JPEG, PNG, WebP or AVIF photo',
  mismatch: 'The file is named or labelled as one kind of image but holds another',
  unreadable: 'The photo could not be read: it may be damaged or cut short',
  tooManyPixels: 'The photo is larger than 50 megapixels',
  tooCostly: 'The photo would take too much memory to process: save it as a JPEG, or make it smaller',
  interlaced:
    'The photo is saved as progressive (interlaced), which takes too much memory at this size: save it as a standard JPEG or PNG, or make it smaller',
  deep: 'The photo has 16 bits per colour, which takes too much memory at this size: save it with 8 bits per colour (a JPEG has 8), or make it smaller',
  tooSlow: 'The photo took too long to process: save it as a JPEG, or make it smaller',
  trailing: 'The file holds more than a photo',
  malformed: 'The upload arrived cut short or garbled: please try again',
  atOnce: `Upload at most ${PHOTO_LIMITS.uploadsAtOnce} photos at a time: wait for one to finish, then try again`,
  busy: 'Too many photos are being processed right now: please try again in a few seconds',
  storeAway: 'Photos cannot be stored right now. Please try again in a moment.',
  storeAwayRead: 'Photos cannot be shown right now. Please try again in a moment.',
  tooMany: `A listing can have at most ${PHOTO_LIMITS.perLaptop} photos`,
  notYours: 'Each photo must be one you uploaded',
  duplicate: 'Each photo may appear only once',
} as const;

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
