import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serviceIconEnum } from '../../platform/db/enums.ts';

// The site's own content: the blog's questions and answers, and the services on the home page.
// Each text is written in English (the spec's) and may have a Bangla version (`*_bn`, docs/i18n.md):
// `?lang=bn` answers it, or the English where a row has none.
export const articles = pgTable('article', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  questionBn: text('question_bn'),
  answerBn: text('answer_bn'),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ArticleRow = typeof articles.$inferSelect;

export const services = pgTable('service', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  nameBn: text('name_bn'),
  descriptionBn: text('description_bn'),
  icon: serviceIconEnum('icon').notNull(),
  position: integer('position').notNull().default(0),
});

export type ServiceRow = typeof services.$inferSelect;
