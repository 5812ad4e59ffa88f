import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';

// Photos (docs/photos.md). A photo is its files in the photo store, named by the hash of the bytes
// uploaded: the same photo uploaded twice, by anyone, is one photo. Who uploaded it is kept per
// seller (only they may attach it); a listing holds its photos in order, the first its cover.
export const photos = pgTable('photo', {
  /** 32 hex digits of the SHA-256 of the uploaded bytes. */
  id: text('id').primaryKey(),
  /** The widest WebP's address, as the photo store gave it when the photo was stored. */
  url: text('url').notNull(),
  /** Of the widest stored file. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /**
   * The widths it was stored at (PHOTO_WIDTHS when it was): its files are named by them
   * (photoVariants). Photos stored before 960 have {320,640,1280}, before 720 {320,640,960,1280}.
   */
  widths: smallint('widths').array().notNull(),
  /** All its stored files together. */
  bytes: integer('bytes').notNull(),
  /**
   * A 64-bit perceptual hash of the picture (features/photos/perceptual-hash.ts): copies of one photo,
   * re-encoded, resized or cropped, differ in few bits. Null for photos stored before it was kept.
   */
  phash: bigint('phash', { mode: 'bigint' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const photoUploads = pgTable(
  'photo_upload',
  {
    photoId: text('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The latest upload: a photo no listing holds is removed 24 hours after it. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.sellerId] }), index('photo_upload_seller_idx').on(t.sellerId)],
);

export const laptopPhotos = pgTable(
  'laptop_photo',
  {
    laptopId: text('laptop_id')
      .notNull()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    photoId: text('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'restrict' }),
    /** 0 is the cover. */
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.laptopId, t.position] }), index('laptop_photo_photo_idx').on(t.photoId)],
);

export type PhotoRow = typeof photos.$inferSelect;
