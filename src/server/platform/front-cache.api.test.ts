import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/env.ts';
import { openTestDatabase } from '../test/test-app.ts';

// Replayed answers (platform/front-cache.ts) never pass through Fastify: they must still be logged as
// Fastify logs a request, so operators see every request at LOG_LEVEL=info.
type Line = {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress?: string };
  res?: { statusCode: number };
};
const lines: Line[] = [];
let url = '';
let close = async () => {};

beforeAll(async () => {
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config: testConfig({ trustProxy: { hops: 2 } }),
    database,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  close = async () => {
    await app.close();
    await database.close();
    await drop();
  };
});
afterAll(() => close());

describe('replayed answers', () => {
  it('are logged like routed ones: incoming and completed, with the request id and client address', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${url}/api/blog`, { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } });
      expect(res.status).toBe(200);
      ids.push(res.headers.get('x-request-id')!);
    }
    for (const id of ids) {
      const incoming = lines.find((l) => l.reqId === id && l.msg === 'incoming request');
      expect(incoming?.req).toMatchObject({ method: 'GET', url: '/api/blog', remoteAddress: '203.0.113.9' });
      const completed = lines.find((l) => l.reqId === id && l.msg === 'request completed');
      expect(completed?.res).toEqual({ statusCode: 200 });
    }
  });
});
