import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roleEnum } from './enums.ts';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_role_idx').on(t.role)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
