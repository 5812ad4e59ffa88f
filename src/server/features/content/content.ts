import { asc } from 'drizzle-orm';
import type { Article } from '../../../shared/blog.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locale.ts';
import type { Service } from '../../../shared/services.ts';
import type { Db } from '../../platform/db/client.ts';
import { articles, services } from './schema.ts';

// The blog and the services in English (the spec's) or in Bangla (docs/i18n.md): a text without
// its Bangla version is answered in English.

const pick = (locale: Locale, english: string, bangla: string | null) =>
  locale === 'bn' ? (bangla ?? english) : english;

export async function listArticles({ db, locale = DEFAULT_LOCALE }: { db: Db; locale?: Locale }): Promise<Article[]> {
  const rows = await db.select().from(articles).orderBy(asc(articles.position), asc(articles.createdAt));
  return rows.map((r) => ({
    _id: r.id,
    question: pick(locale, r.question, r.questionBn),
    answer: pick(locale, r.answer, r.answerBn),
  }));
}

export async function listServices({ db, locale = DEFAULT_LOCALE }: { db: Db; locale?: Locale }): Promise<Service[]> {
  const rows = await db.select().from(services).orderBy(asc(services.position));
  return rows.map((r) => ({
    _id: r.id,
    service_name: pick(locale, r.name, r.nameBn),
    service_desc: pick(locale, r.description, r.descriptionBn),
    icon: r.icon,
  }));
}
