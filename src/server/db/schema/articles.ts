import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const articles = pgTable('article', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ArticleRow = typeof articles.$inferSelect;
