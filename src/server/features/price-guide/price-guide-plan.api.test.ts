import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { priceGuideStatement } from './price-guide.ts';

// The price guide reads laptop_price_guide_idx alone (docs/performance.md#price-guide): its very
// statement EXPLAINed over 20,000 listings with fresh statistics.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const sellerId = (await signUp(t, { role: 'seller' })).userId;
  await t.database.db.execute(sql`
    insert into laptop (id, seller_id, category, name, image_url, description, location, resale_price,
      original_price, usage_years, condition, seller_mobile, sales_status, brand, processor, ram_gb)
    select 'plan-l' || g, ${sellerId}, 'casual', 'Plan Laptop ' || g, '/images/laptops/casual-1.webp',
      'A used laptop.', 'dhaka', 15000 + (g * 7919) % 200000, 300000, 2, 'good', '01712345678',
      (array['unsold', 'sold', 'hidden'])[g % 3 + 1]::sales_status,
      (array['Lenovo', 'Dell', 'HP', 'Asus', 'Apple', 'Acer'])[g % 6 + 1],
      (array['Intel Core i5-1135G7', 'Intel Core i7-1165G7', 'AMD Ryzen 5 5500U', 'Apple M1', 'Celeron N4020'])[g % 5 + 1],
      (array[4, 8, 16, 32])[g % 4 + 1]
    from generate_series(1, 20000) g`);
  await t.database.db.execute(sql`vacuum analyze laptop`);
}, 120_000);
afterAll(() => t?.close());

interface Node {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: Node[];
}
const scansOf = (node: Node): string[] => [
  `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`,
  ...(node.Plans ?? []).flatMap(scansOf),
];

it('counts and ranks the comparables from laptop_price_guide_idx alone', async () => {
  const statement = priceGuideStatement(t.database.db, { brand: 'Dell', processor: 'Core i7-8650U', ramGb: 16 })!;
  const { sql: text, params } = statement.toSQL();
  const client = (
    t.database.db as unknown as {
      $client: { query: (q: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  const { rows } = await client.query(`explain (format json) ${text}`, params);
  const json = rows[0]!['QUERY PLAN'];
  const [{ Plan }] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: Node }];
  const nodes = scansOf(Plan);
  expect(nodes.filter((n) => / on | using |Scan/.test(n))).toEqual([
    expect.stringMatching(
      /Index Only Scan using laptop_price_guide_idx|Bitmap Index Scan using laptop_price_guide_idx/,
    ),
  ]);
});
