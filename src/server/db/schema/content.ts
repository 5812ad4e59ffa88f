import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serviceIconEnum } from './enums.ts';

// The site's own content: the blog's questions and answers, and the services on the home page.
export const articles = pgTable('article', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ArticleRow = typeof articles.$inferSelect;

export const services = pgTable('service', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: serviceIconEnum('icon').notNull(),
  position: integer('position').notNull().default(0),
});

export type ServiceRow = typeof services.$inferSelect;
