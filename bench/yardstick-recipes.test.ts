import { describe, expect, it } from 'vitest';
import type { Req } from './harness.ts';
import type { Executed } from './pg-recorder.ts';
import { indexOf, recipeOf, statementsFor } from './yardstick-recipes.ts';

const ran = (sql: string, params: (string | null)[], start = 0, end = 1): Executed => ({
  conn: 1,
  sql,
  params,
  start,
  end,
});
const get = (path: string): Req => ({ method: 'GET', path });
const headers = {};

describe('the yardstick recipes', () => {
  const search = { method: 'GET', url: '/api/laptops', hasQ: false } as const;
  const PRICES = 'select price where brand = $1';
  const PAGE = 'select page where brand = $1 and price <= $2 limit $3';
  const recipe = recipeOf(search, [
    // Cold: the price list and the page; warm: the page only.
    {
      req: get('/api/laptops?brand=HP&maxPrice=40000'),
      executed: [ran(PRICES, ['HP']), ran(PAGE, ['HP', '40000', '25'], 2, 3)],
    },
    { req: get('/api/laptops?brand=Dell&maxPrice=40010'), executed: [ran(PAGE, ['Dell', '40010', '25'])] },
    { req: get('/api/laptops?brand=HP&maxPrice=40020'), executed: [ran(PAGE, ['HP', '40020', '25'])] },
  ]);
  const index = indexOf(recipe);

  it('maps a parameter to the request field it equalled in every captured request', () => {
    expect(recipe.slots).toEqual({
      [`${PRICES}\u00000`]: 'query.brand',
      [`${PAGE}\u00000`]: 'query.brand',
      [`${PAGE}\u00001`]: 'query.maxPrice',
    });
  });

  it('replays a captured read as it ran, and another as the last of its class with its own numbers', () => {
    const at = (url: string) => statementsFor(recipe, index, 0, { method: 'GET', url, headers });
    expect(at('/api/laptops?brand=HP&maxPrice=40000').map((s) => s.sql)).toEqual([PRICES, PAGE]);
    expect(at('/api/laptops?brand=HP&maxPrice=99990')).toEqual([
      { sql: PAGE, params: ['HP', '99990', '25'], parallel: false },
    ]);
  });

  it('gives a write new ids, the request’s values and the current time', () => {
    const book = { method: 'POST', url: '/api/myOrders' } as const;
    const token = (sub: string) => `Bearer x.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.y`;
    const body = (id: string) => JSON.stringify({ laptop_id: id });
    const L1 = '11111111-1111-4111-8111-111111111111';
    const U1 = '22222222-2222-4222-8222-222222222222';
    const NEW = '33333333-3333-4333-8333-333333333333';
    const SQL = 'insert order ($1, $2, $3) where expires > $4';
    const captured = (laptop: string, buyer: string, id: string) => ({
      req: { method: 'POST', path: '/api/myOrders', body: body(laptop), headers: { authorization: token(buyer) } },
      executed: [
        ran(SQL, [id, laptop, buyer, '2026-11-27T04:00:00.000Z']),
        ran('select pg_notify($1, $2)', ['c', `{"order":"${id}","laptop":"${laptop}"}`], 2, 3),
      ],
    });
    const write = recipeOf(book, [captured(L1, U1, NEW), captured(NEW.replace(/3/g, '4'), U1, NEW.replace(/3/g, '5'))]);
    const L2 = '66666666-6666-4666-8666-666666666666';
    const U2 = '77777777-7777-4777-8777-777777777777';
    const [insert, notify] = statementsFor(write, indexOf(write), 0, {
      method: 'POST',
      url: '/api/myOrders',
      body: body(L2),
      headers: { authorization: token(U2) },
    });
    const [id, laptop, buyer, time] = insert!.params;
    expect([laptop, buyer]).toEqual([L2, U2]);
    expect(id).not.toBe(NEW);
    expect(Date.parse(time!)).toBeGreaterThan(Date.parse('2026-11-27T04:00:00.000Z'));
    expect(notify!.params[1]).toBe(`{"order":"${id}","laptop":"${L2}"}`);
  });
});
