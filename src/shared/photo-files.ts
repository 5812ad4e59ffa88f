// Photos of listings without zod: the upload limits and messages (docs/photos.md), and the stored
// files' names and sources, which photo-sources.ts keeps apart for the first load.
export * from './photo-sources.ts';

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
