import { asc } from 'drizzle-orm';
import type { Article } from '../../shared/blog.ts';
import type { Service } from '../../shared/services.ts';
import type { Db } from '../db/client.ts';
import { articles, services } from '../db/schema/content.ts';

export async function listArticles({ db }: { db: Db }): Promise<Article[]> {
  const rows = await db.select().from(articles).orderBy(asc(articles.position), asc(articles.createdAt));
  return rows.map((r) => ({ _id: r.id, question: r.question, answer: r.answer }));
}

export async function listServices({ db }: { db: Db }): Promise<Service[]> {
  const rows = await db.select().from(services).orderBy(asc(services.position));
  return rows.map((r) => ({ _id: r.id, service_name: r.name, service_desc: r.description, icon: r.icon }));
}
