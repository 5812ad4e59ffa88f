import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleListSchema } from '../../shared/blog.ts';
import { SERVICE_ICONS } from '../../shared/catalog.ts';
import { serviceListSchema } from '../../shared/services.ts';
import { demoArticles, demoServices } from '../db/seed/demo-data.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('GET /api/blog', () => {
  it('lists the seeded articles in order, question and answer', async () => {
    const res = await t.request('/api/blog');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const articles = articleListSchema.parse(await res.json());
    expect(articles.length).toBeGreaterThanOrEqual(5);
    expect(articles.map((a) => a.question)).toEqual(demoArticles.map((a) => a.question));
    expect(articles[0]).toEqual({
      _id: expect.any(String),
      question: demoArticles[0]!.question,
      answer: demoArticles[0]!.answer,
    });
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
    expect(Object.keys(body[0]).sort()).toEqual(['_id', 'icon', 'service_desc', 'service_name']);
  });
});
