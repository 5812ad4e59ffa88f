import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleListSchema } from '../../../shared/blog.ts';
import { SERVICE_ICONS } from '../../../shared/catalog.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { serviceListSchema } from '../../../shared/services.ts';
import { newId } from '../../platform/db/client.ts';
import { demoArticles, demoServices } from '../../seed/demo-data.ts';
import { seedDemoIfEmpty } from '../../seed/seed.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { articles, services } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** Any Bangla letter: a text in Bangla has some. */
const BANGLA = /[\u0980-\u09FF]/;

describe('GET /api/blog', () => {
  it('lists the seeded articles in order, question and answer', async () => {
    const res = await t.request('/api/blog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const articles = articleListSchema.parse(await res.json());
    expect(articles.length).toBeGreaterThanOrEqual(5);
    expect(articles.map((a) => a.question)).toEqual(demoArticles.map((a) => a.question));
    expect(articles.map((a) => a.answer)).toEqual(demoArticles.map((a) => a.answer));
    expect(articles[0]).toEqual({
      _id: expect.any(String),
      question: demoArticles[0]!.question,
      answer: demoArticles[0]!.answer,
    });
  });

  it('answers ?lang=en exactly as without it', async () => {
    const plain = await (await t.request('/api/blog')).json();
    const res = await t.request('/api/blog?lang=en');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(plain);
  });

  it('answers ?lang=bn with every article in Bangla, the same ids and field names', async () => {
    const english = articleListSchema.parse(await (await t.request('/api/blog')).json());
    const res = await t.request('/api/blog?lang=bn');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    const bangla = articleListSchema.parse(body);
    expect(Object.keys(body[0]).sort()).toEqual(['_id', 'answer', 'question']);
    expect(bangla.map((a) => a._id)).toEqual(english.map((a) => a._id));
    expect(bangla.map((a) => a.question)).toEqual(demoArticles.map((a) => a.questionBn));
    expect(bangla.map((a) => a.answer)).toEqual(demoArticles.map((a) => a.answerBn));
    for (const a of bangla) {
      expect(a.question).toMatch(BANGLA);
      expect(a.answer).toMatch(BANGLA);
    }
  });
});

describe('GET /api/services', () => {
  it('lists one service per icon with the spec field names', async () => {
    const res = await t.request('/api/services');
    expect(res.status).toBe(200);
    const body = await res.json();
    const services = serviceListSchema.parse(body);
    expect(services.map((s) => s.icon).sort()).toEqual([...SERVICE_ICONS].sort());
    expect(services.map((s) => s.service_name)).toEqual(demoServices.map((s) => s.name));
    expect(services.map((s) => s.service_desc)).toEqual(demoServices.map((s) => s.description));
    expect(Object.keys(body[0]).sort()).toEqual(['_id', 'icon', 'service_desc', 'service_name']);
  });

  it('answers ?lang=bn with every service in Bangla, the same ids, icons and field names', async () => {
    const english = serviceListSchema.parse(await (await t.request('/api/services')).json());
    const res = await t.request('/api/services?lang=bn');
    expect(res.status).toBe(200);
    const body = await res.json();
    const bangla = serviceListSchema.parse(body);
    expect(Object.keys(body[0]).sort()).toEqual(['_id', 'icon', 'service_desc', 'service_name']);
    expect(bangla.map((s) => [s._id, s.icon])).toEqual(english.map((s) => [s._id, s.icon]));
    expect(bangla.map((s) => s.service_name)).toEqual(demoServices.map((s) => s.nameBn));
    expect(bangla.map((s) => s.service_desc)).toEqual(demoServices.map((s) => s.descriptionBn));
    for (const s of bangla) {
      expect(s.service_name).toMatch(BANGLA);
      expect(s.service_desc).toMatch(BANGLA);
    }
  });
});

describe('?lang', () => {
  it.each(['/api/blog', '/api/services'])('%s: an unknown language is a 400 naming lang', async (path) => {
    for (const lang of ['fr', 'bangla', 'en-US', '1', '%3Cscript%3E']) {
      const res = await t.request(`${path}?lang=${lang}`);
      expect(res.status, lang).toBe(400);
      const body = errorBodySchema.parse(await res.json());
      expect(body.error.code).toBe('validation');
      expect(body.error.message).toMatch(/lang must be one of en, bn/);
    }
    const twice = await t.request(`${path}?lang=bn&lang=en`);
    expect(twice.status).toBe(400);
    expect(errorBodySchema.parse(await twice.json()).error.code).toBe('validation');
  });

  it.each(['/api/blog', '/api/services'])('%s: a blank lang is English, BN is bn', async (path) => {
    const english = await (await t.request(path)).text();
    const bangla = await (await t.request(`${path}?lang=bn`)).text();
    expect(await (await t.request(`${path}?lang=`)).text()).toBe(english);
    expect(await (await t.request(`${path}?lang=BN`)).text()).toBe(bangla);
  });
});

describe('caching per language', () => {
  it.each(['/api/blog', '/api/services'])(
    '%s: never serves one language for the other, replayed or revalidated',
    async (path) => {
      t.app.responseCache.clear(['content']);
      const first = { en: await t.request(path), bn: await t.request(`${path}?lang=bn`) };
      const en = await first.en.text();
      const bn = await first.bn.text();
      expect(en).not.toMatch(BANGLA);
      expect(bn).toMatch(BANGLA);
      // Over and over, in turn: the cached (and replayed) answers keep to their language.
      for (let i = 0; i < 3; i++) {
        expect(await (await t.request(`${path}?lang=bn`)).text()).toBe(bn);
        expect(await (await t.request(path)).text()).toBe(en);
        expect(await (await t.request(`${path}?lang=en`)).text()).toBe(en);
      }
      // Each language has its own version: one's ETag does not answer 304 for the other.
      const enTag = first.en.headers.get('etag')!;
      const bnTag = first.bn.headers.get('etag')!;
      expect(enTag).not.toBe(bnTag);
      const other = await t.request(`${path}?lang=bn`, { headers: { 'if-none-match': enTag } });
      expect(other.status).toBe(200);
      expect(await other.text()).toBe(bn);
      expect((await t.request(`${path}?lang=bn`, { headers: { 'if-none-match': bnTag } })).status).toBe(304);
      // Compressed answers too.
      const gzip = await t.request(`${path}?lang=bn`, { headers: { 'accept-encoding': 'gzip' } });
      expect(await gzip.text()).toBe(bn);
    },
  );

  it('answers in English a row without its Bangla text', async () => {
    const id = newId();
    await t.database.db
      .insert(services)
      .values({ id, name: 'Only English', description: 'Not yet in Bangla.', icon: 'RiTeamFill', position: 99 });
    const articleId = newId();
    await t.database.db.insert(articles).values({
      id: articleId,
      question: 'Only English?',
      answer: 'Yes.',
      questionBn: 'শুধু প্রশ্নটি বাংলায়?',
      position: 99,
    });
    t.app.responseCache.clear(['content']);
    try {
      const bn = serviceListSchema.parse(await (await t.request('/api/services?lang=bn')).json());
      expect(bn.find((s) => s._id === id)).toMatchObject({
        service_name: 'Only English',
        service_desc: 'Not yet in Bangla.',
      });
      expect(bn.filter((s) => s._id !== id).map((s) => s.service_name)).toEqual(demoServices.map((s) => s.nameBn));
      const blog = articleListSchema.parse(await (await t.request('/api/blog?lang=bn')).json());
      expect(blog.find((a) => a._id === articleId)).toEqual({
        _id: articleId,
        question: 'শুধু প্রশ্নটি বাংলায়?',
        answer: 'Yes.',
      });
    } finally {
      t.app.responseCache.clear(['content']);
    }
  });
});

describe('a database seeded before the Bangla', () => {
  it('gets the demo Bangla at the next demo seeding, and nothing else changes', async () => {
    const { db } = t.database;
    const before = { services: await db.select().from(services), articles: await db.select().from(articles) };
    await db.update(services).set({ nameBn: null, descriptionBn: null });
    await db.update(articles).set({ questionBn: null, answerBn: null }).where(isNotNull(articles.answerBn));
    // A row someone rewrote keeps its English only: the demo's Bangla would not say the same.
    const edited = demoServices[1]!;
    await db.update(services).set({ description: 'Rewritten.' }).where(eq(services.name, edited.name));

    expect(await seedDemoIfEmpty(db)).toBe(false);
    const after = { services: await db.select().from(services), articles: await db.select().from(articles) };
    const expected = before.services.map((r) =>
      r.name === edited.name ? { ...r, description: 'Rewritten.', nameBn: null, descriptionBn: null } : r,
    );
    expect(sortById(after.services)).toEqual(sortById(expected));
    expect(sortById(after.articles)).toEqual(sortById(before.articles));
    const [rewritten] = await db
      .select()
      .from(services)
      .where(and(eq(services.name, edited.name), eq(services.description, 'Rewritten.')));
    expect(rewritten?.nameBn).toBeNull();
    await db
      .update(services)
      .set({ description: edited.description, nameBn: edited.nameBn, descriptionBn: edited.descriptionBn })
      .where(eq(services.name, edited.name));
    t.app.responseCache.clear(['content']);
  });
});

function sortById<T extends { id: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.id.localeCompare(b.id));
}

describe('GET /api/client-config', () => {
  it('names the Contact page’s e-mail and phone from the configuration', async () => {
    expect(await (await t.request('/api/client-config')).json()).toMatchObject({
      contact: { email: 'help@laptophaat.test', phone: '+880 1700-000000' },
    });
    const own = await startTestApp({ config: { contact: { email: 'desk@haat.example', phone: '+880 1911-223344' } } });
    try {
      expect((await (await own.request('/api/client-config')).json()).contact).toEqual({
        email: 'desk@haat.example',
        phone: '+880 1911-223344',
      });
    } finally {
      await own.close();
    }
  });
});
