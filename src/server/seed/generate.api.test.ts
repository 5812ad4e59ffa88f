import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANDS,
  CATEGORIES,
  CONDITIONS,
  LOCATIONS,
  RAM_SIZES_GB,
  SPEC_LIMITS,
  STORAGE_TYPES,
} from '../../shared/catalog.ts';
import { BD_MOBILE_RE } from '../../shared/phone.ts';
import type { Database } from '../platform/db/client.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { type Generated, generateCatalogue } from './generate.ts';

// The generator behind `npm run db:seed -- --laptops N`: 500 laptops added to the demo data stay
// within the schema's checks (the inserts would fail otherwise) and the shared vocabularies, and
// look like a market.
const NOW = new Date('2026-11-23T12:00:00Z');
let database: Database;
let drop: () => Promise<void>;
let generated: Generated;
let before: number;

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  before = Number((await rows(sql`select count(*) as n from laptop`))[0]!.n);
  generated = await generateCatalogue(database.db, { laptops: 500, users: 60, now: NOW });
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('generateCatalogue', () => {
  it('adds the laptops, users and orders it reports to what was there', async () => {
    expect(generated).toMatchObject({ laptops: 500, users: 60, sellers: 18 });
    const [counts] = await rows(sql`select
      (select count(*) from laptop) as laptops,
      (select count(*) from "user" where email like '%@example.test') as users,
      (select count(*) from account a join "user" u on u.id = a.user_id where u.email like '%@example.test') as accounts,
      (select count(*) from "order") as orders`);
    expect(Number(counts!.laptops)).toBe(before + 500);
    expect(Number(counts!.users)).toBe(60);
    expect(Number(counts!.accounts)).toBe(60);
    expect(Number(counts!.orders)).toBe(generated.orders);
  });

  it('uses only the shared vocabularies and stays within the spec limits', async () => {
    const laptops = await rows(sql`select * from laptop where seller_id in
      (select id from "user" where email like '%@example.test')`);
    expect(laptops).toHaveLength(500);
    for (const l of laptops) {
      expect(CATEGORIES).toContain(l.category);
      expect(CONDITIONS).toContain(l.condition);
      expect(LOCATIONS).toContain(l.location);
      expect(BRANDS).toContain(l.brand);
      expect(RAM_SIZES_GB).toContain(Number(l.ram_gb));
      expect(STORAGE_TYPES).toContain(l.storage_type);
      expect(Number(l.storage_gb)).toBeGreaterThanOrEqual(SPEC_LIMITS.storageGb.min);
      expect(Number(l.storage_gb)).toBeLessThanOrEqual(SPEC_LIMITS.storageGb.max);
      expect(Number(l.screen_inches)).toBeGreaterThanOrEqual(SPEC_LIMITS.screenInches.min);
      expect(Number(l.screen_inches)).toBeLessThanOrEqual(SPEC_LIMITS.screenInches.max);
      expect(String(l.processor).length).toBeLessThanOrEqual(SPEC_LIMITS.textMax);
      if (l.gpu !== null) expect(String(l.gpu).length).toBeLessThanOrEqual(SPEC_LIMITS.textMax);
      if (l.battery_health !== null) expect(Number(l.battery_health)).toBeLessThanOrEqual(100);
      expect(Number.isInteger(l.resale_price)).toBe(true);
      expect(Number(l.original_price)).toBeGreaterThan(Number(l.resale_price));
      expect(Number(l.resale_price)).toBeGreaterThan(0);
      expect(Number(l.usage_years)).toBeLessThanOrEqual(30);
      expect(l.seller_mobile).toMatch(BD_MOBILE_RE);
      if (l.brand !== 'Other') expect(String(l.name).startsWith(`${l.brand} `)).toBe(true);
      // The description mentions the specs; the search columns are generated from them.
      expect(l.description).toContain(`${l.ram_gb} GB RAM`);
      expect(l.description).toContain(String(l.processor));
      expect(l.search_document).toBeTruthy();
      const age = NOW.getTime() - new Date(String(l.posted_at)).getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(366 * 86_400_000);
    }
  });

  it('looks like a market: prices by category, Dhaka first, some sold, a few advertised', async () => {
    const scope = sql`seller_id in (select id from "user" where email like '%@example.test')`;
    const byCategory = await rows(
      sql`select category, percentile_cont(0.5) within group (order by resale_price) as median
          from laptop where ${scope} group by category`,
    );
    const median = Object.fromEntries(byCategory.map((r) => [r.category, Number(r.median)]));
    expect(median.casual).toBeLessThan(median.gaming!);
    expect(median.casual).toBeLessThan(median.premium!);
    expect(median.casual).toBeGreaterThan(10_000);

    const byLocation = await rows(
      sql`select location, count(*) as n from laptop where ${scope} group by location order by n desc`,
    );
    expect(byLocation[0]!.location).toBe('dhaka');
    expect(byLocation).toHaveLength(8);

    const [status] = await rows(sql`select
      count(*) filter (where sales_status = 'sold') as sold,
      count(*) filter (where advertised) as advertised,
      count(*) filter (where booked) as booked
      from laptop where ${scope}`);
    expect(Number(status!.sold)).toBeGreaterThan(20);
    expect(Number(status!.sold)).toBeLessThan(150);
    expect(Number(status!.advertised)).toBeGreaterThan(0);
    expect(Number(status!.advertised)).toBeLessThanOrEqual(24);

    const [sellers] = await rows(sql`select count(*) filter (where verified) as verified, count(*) as n
      from "user" where role = 'seller' and email like '%@example.test'`);
    expect(Number(sellers!.verified)).toBeGreaterThan(0);
    expect(Number(sellers!.verified)).toBeLessThan(Number(sellers!.n));
  });

  it('books booked laptops and sells sold ones to generated buyers', async () => {
    const wrong = await rows(sql`select o.id from "order" o
      join laptop l on l.id = o.laptop_id join "user" b on b.id = o.buyer_id
      where b.email like '%@example.test' and (b.role <> 'buyer' or (l.sales_status = 'unsold' and not l.booked))`);
    expect(wrong).toEqual([]);
  });

  it('adds users alone, a third of them sellers', async () => {
    expect(await generateCatalogue(database.db, { laptops: 0, users: 10, now: NOW })).toMatchObject({
      laptops: 0,
      users: 10,
      sellers: 3,
      orders: 0,
    });
  });

  it('adds to a database that already holds a generated catalogue', async () => {
    const again = await generateCatalogue(database.db, { laptops: 20, users: 5, now: NOW });
    expect(again).toMatchObject({ laptops: 20, users: 5 });
  });
});
