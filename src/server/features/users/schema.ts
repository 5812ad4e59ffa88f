import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roleEnum } from '../../platform/db/enums.ts';

// Columns are shaped for better-auth's user model (id, name, email, emailVerified, image,
// createdAt, updatedAt) plus our role and seller verification.
export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: roleEnum('role').notNull().default('buyer'),
    /** Seller verification by the admin. */
    verified: boolean('verified').notNull().default(false),
    /** When the admin verified the seller, who, and on what grounds (docs/product.md#seller-verification). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    verificationNote: text('verification_note'),
    /**
     * The seller's public ratings from buyers (docs/decisions/0038): how many and their sum, kept up
     * to date as reviews are published and removed, so a card reads them from the row it already joins.
     */
    sellerRatingCount: integer('seller_rating_count').notNull().default(0),
    sellerRatingSum: integer('seller_rating_sum').notNull().default(0),
    /** When a seller asked the admin to verify them (null: never asked); cleared by nothing, read with `verified`. */
    verificationRequestedAt: timestamp('verification_requested_at', { withTimezone: true }),
    /** The mobile number the user first gave in a listing or a booking, to prefill the next form. */
    phone: text('phone'),
    /**
     * The mobile number the user proved by SMS, as 8801XXXXXXXXX (null: none); one account per number
     * (docs/product.md#phone-verification).
     */
    verifiedPhone: text('verified_phone').unique('user_verified_phone_uq'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_role_idx').on(t.role),
    // The admin's lists page newest first by (created_at, id) and search name or e-mail.
    index('user_role_newest_idx').on(t.role, t.createdAt.desc(), t.id.desc()),
    index('user_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // Search's verified filter (docs/search.md#indexes).
    index('user_verified_idx').on(t.id).where(sql`${t.verified}`),
    // The admin's All Sellers shows the sellers waiting for verification first, oldest request first.
    index('user_verification_pending_idx')
      .on(t.verificationRequestedAt, t.id)
      .where(sql`${t.role} = 'seller' and not ${t.verified} and ${t.verificationRequestedAt} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
