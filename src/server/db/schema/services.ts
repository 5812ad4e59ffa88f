import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serviceIconEnum } from './enums.ts';

export const services = pgTable('service', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: serviceIconEnum('icon').notNull(),
  position: integer('position').notNull().default(0),
});

export type ServiceRow = typeof services.$inferSelect;
