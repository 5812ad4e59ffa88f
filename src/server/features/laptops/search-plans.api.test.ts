import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopSearchQuerySchema, pageQuerySchema, userListQuerySchema } from '../../../shared/search.ts';
import type { Db } from '../../platform/db/client.ts';
import { encodeCursor } from '../../platform/paging.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { orderPageStatement } from '../orders/orders.ts';
import { pendingSellersStatement, userPageStatement } from '../users/users.ts';
import { laptopPageStatement } from './laptops.ts';
import { parseSearchText, searchStatements, typoStatement, typoWords } from './search.ts';

// Every search and list query is index-backed (docs/search.md#indexes): the very statements the
// domain runs are EXPLAINed over a table of thousands of rows with fresh statistics, and a
// sequential scan of laptop or user fails the test.

let t: TestApp;
const LAPTOPS = 20_000;
const USERS = 8_000;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  // Sellers are every tenth user, one in four of them verified.
  await db.execute(sql`
    insert into "user" (id, name, email, role, verified, created_at)
    select 'bulk-u' || g, 'Bulk Person ' || g, 'bulk' || g || '@bulk.test',
      (case when g % 10 = 0 then 'seller' else 'buyer' end)::role, g % 40 = 0,
      timestamptz '2026-01-01' - g * interval '1 minute'
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`
    insert into laptop (id, seller_id, category, name, image_url, description, location, resale_price,
      original_price, usage_years, condition, seller_mobile, sales_status, posted_at, brand, processor,
      ram_gb, storage_gb, storage_type, negotiable, area, battery_health)
    select 'bulk-l' || g, 'bulk-u' || (((g % ${USERS / 10}) + 1) * 10),
      (array['casual', 'gaming', 'premium'])[g % 3 + 1]::category,
      (array['ThinkPad T14', 'XPS 13', 'Pavilion 15', 'ROG Strix G15', 'MacBook Air', 'Aspire 5', 'Surface Laptop 4',
        'Vivobook 15', 'Legion 5', 'Inspiron 3511', 'Galaxy Book', 'Nitro 5', 'Spectre x360'])[g % 13 + 1] || ' ' || g,
      '/images/laptops/casual-1.webp',
      'A used laptop with its charger, kept with care; battery holds a few hours. ' || repeat('Serviced once. ', g % 20),
      (array['chattogram', 'dhaka', 'barishal', 'khulna', 'sylhet', 'rangpur', 'rajshahi', 'mymensingh'])[g % 8 + 1]::location,
      15000 + (g * 7919) % 200000, 300000, g % 10,
      (array['excellent', 'good', 'fair'])[g % 3 + 1]::condition, '01712345678',
      (case when g % 10 = 0 then 'sold' else 'unsold' end)::sales_status,
      timestamptz '2026-06-01' - g * interval '3 minutes',
      (array['Lenovo', 'Dell', 'HP', 'Asus', 'Apple', 'Acer', 'Microsoft', 'Asus', 'Lenovo', 'Dell', 'Samsung', 'Acer', 'HP'])[g % 13 + 1],
      (array['Intel Core i5-1135G7', 'Intel Core i7-1165G7', 'AMD Ryzen 5 5500U', 'Apple M1'])[g % 4 + 1],
      (array[4, 8, 8, 16, 16, 32, 12])[g % 7 + 1], (array[128, 256, 512, 1024, 2048])[g % 5 + 1], 'ssd',
      g % 9 = 0, (array['Mirpur 10', 'Dhanmondi', 'Agrabad', null])[g % 4 + 1],
      -- Seven laptops in ten have a battery health (55–100 %), as in the seed.
      case when g % 10 < 7 then 55 + g % 46 end
    from generate_series(1, ${LAPTOPS}) g`);
  // Some sellers asked for verification.
  await db.execute(sql`
    update "user" set verification_requested_at = created_at + interval '1 day'
    where role = 'seller' and not verified and id like '%7_0'`);
  await db.execute(sql`
    insert into "order" (id, buyer_id, laptop_id, seller_id, buyer_phone, meeting_address, laptop_name,
      laptop_image, resale_price, created_at)
    select 'bulk-o' || g, 'bulk-u' || (g % ${USERS} + 1), 'bulk-l' || g,
      'bulk-u' || (((g % ${USERS / 10}) + 1) * 10), '01812345678', 'Mirpur 10', 'Laptop',
      '/images/laptops/casual-1.webp', 30000, timestamptz '2026-06-01' - g * interval '5 minutes'
    from generate_series(1, ${LAPTOPS / 2}) g`);
  // Fresh statistics and visibility, as autovacuum keeps them on a live database.
  if (t.database.kind === 'postgres') {
    await db.execute(sql`vacuum analyze laptop`);
    await db.execute(sql`vacuum analyze "user"`);
    await db.execute(sql`vacuum analyze "order"`);
  } else {
    await db.execute(sql`vacuum analyze`);
  }
}, 180_000);
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The raw client under Drizzle (pg's Pool or PGlite): both take a statement and its parameters. */
const rawClient = (db: Db) =>
  (
    db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;

async function plan(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode> {
  const { sql: text, params } = statement.toSQL();
  const { rows } = await rawClient(t.database.db).query(`explain (format json) ${text}`, params);
  const json = rows[0]!['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

function seqScans(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' && ['laptop', 'user'].includes(node['Relation Name'] ?? '')
      ? [node['Relation Name']!]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

function describePlan(node: PlanNode, depth = 0): string {
  const line = `${'  '.repeat(depth)}${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`;
  return [line, ...(node.Plans ?? []).map((p) => describePlan(p, depth + 1))].join('\n');
}

async function expectIndexed(name: string, statement: { toSQL(): { sql: string; params: unknown[] } }) {
  const root = await plan(statement);
  expect(seqScans(root), `${name}\n${describePlan(root)}`).toEqual([]);
}

const SEARCHES: Record<string, string>[] = [
  {},
  { sort: 'price_asc' },
  { sort: 'price_desc' },
  { category: 'gaming' },
  { brand: 'Lenovo' },
  { location: 'sylhet' },
  { condition: 'fair' },
  { minPrice: '50000', maxPrice: '60000' },
  { maxPrice: '20000', sort: 'price_desc' },
  { ram: '32' },
  { storage: '2048' },
  { verified: 'true' },
  { verified: 'true', sort: 'price_asc' },
  { q: 'thinkpad' },
  { q: 'thinkpd', sort: 'price_asc' },
  { q: 'thinkpad 16gb', sort: 'price_asc' },
  { q: 'charger' },
  { q: 'legion', category: 'gaming', location: 'dhaka', sort: 'price_desc' },
  { brand: 'Dell', ram: '16', location: 'khulna', condition: 'good' },
  { negotiable: 'true' },
  { negotiable: 'true', sort: 'price_asc' },
  { negotiable: 'true', category: 'gaming', q: 'thinkpad' },
  { q: 'mirpur' },
  // Read from Bangla: each known word matches its English or its Bangla form (docs/search.md#bangla-queries).
  { q: 'থিংকপ্যাড ১৬ জিবি', sort: 'price_asc' },
  { q: 'লেনোভো গেমিং' },
  // With another filter the battery health is tested as that filter's index leads to the laptops;
  // alone (or with a price range) laptop_for_sale_battery_idx leads (docs/search.md).
  { minBattery: '80' },
  { minBattery: '80', sort: 'price_asc' },
  { minBattery: '95', sort: 'price_desc', maxPrice: '40000' },
  { minBattery: '70', brand: 'Dell', condition: 'excellent' },
  { minBattery: '70', category: 'gaming', sort: 'price_asc' },
  { minBattery: '85', q: 'thinkpad' },
  { minBattery: '85', q: 'charger', sort: 'price_asc' },
  { minBattery: '60', location: 'sylhet', ram: '16' },
];

describe('query plans over thousands of rows', () => {
  it.each(SEARCHES)('GET /api/laptops?%o uses indexes for its page, its count and its typo test', async (params) => {
    const db = t.database.db;
    const query = laptopSearchQuerySchema.parse(params);
    const { words, bangla } = parseSearchText(query.q);
    if (words.length > 0) await expectIndexed('typo test', typoStatement(db, words, bangla));
    const fuzzy = await typoWords(db, words, undefined, bangla);
    const key = query.sort === 'newest' ? '2026-05-20T00:00:00.000000Z' : 60_000;
    const cursor = encodeCursor(query.sort, key, 'bulk-l500');
    // Every way to a page (WALK_FROM): walking the sort's index, and with words gathering the
    // matches, without them PostgreSQL's choice.
    for (const walk of [true, words.length > 0 ? false : undefined]) {
      const first = searchStatements(db, query, { fuzzy, walk });
      await expectIndexed(`page (walk: ${walk})`, first.items);
      const next = searchStatements(db, { ...query, cursor }, { fuzzy, walk });
      await expectIndexed(`next page (walk: ${walk})`, next.items);
    }
    const { total, prices } = searchStatements(db, query, { fuzzy });
    await expectIndexed('count', total);
    // A search of verified sellers is counted by the database alone (searchLaptops).
    if (!query.verified) await expectIndexed('prices', prices);
  });

  const cursor = encodeCursor('newest', '2026-05-20T00:00:00.000000Z', 'bulk-x');
  for (const page of [pageQuerySchema.parse({}), pageQuerySchema.parse({ cursor, limit: '10' })]) {
    const at = page.cursor ? 'a later page' : 'the first page';
    it(`GET /api/categories/{name}: ${at}`, async () => {
      await expectIndexed('category', laptopPageStatement(t.database.db, { category: 'gaming' }, page));
    });
    it(`GET /api/allLaptops?email=: ${at}`, async () => {
      const db = t.database.db;
      await expectIndexed('seller', laptopPageStatement(db, { sellerEmail: 'bulk20@bulk.test' }, page));
    });
    it(`GET /api/myOrders?buyerEmail=: ${at}`, async () => {
      await expectIndexed('orders', orderPageStatement(t.database.db, 'bulk7@bulk.test', page));
    });
    it.each(['buyer', 'seller'] as const)(`GET /api/users/%s: ${at}, and with q`, async (role) => {
      const db = t.database.db;
      await expectIndexed('users', userPageStatement(db, role, userListQuerySchema.parse(page)));
      for (const q of ['person 42', 'BULK77@', 'nobody-like-this']) {
        await expectIndexed(`users q=${q}`, userPageStatement(db, role, userListQuerySchema.parse({ ...page, q })));
      }
      // All Sellers' first page starts with the sellers waiting for verification.
      if (role === 'seller' && !page.cursor) {
        await expectIndexed('pending sellers', pendingSellersStatement(db, userListQuerySchema.parse({})));
        await expectIndexed(
          'pending sellers q',
          pendingSellersStatement(db, userListQuerySchema.parse({ q: 'person' })),
        );
      }
    });
  }
});
