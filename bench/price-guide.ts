// The price guide at 100,000 listings on PostgreSQL (docs/performance.md#price-guide): GET
// /api/price-guide over the brand, processor and RAM combinations the generated catalogue holds,
// at 10 connections. Every request names its processor a little differently ("Intel Core
// i5-1135G7 17"): the same family, a different URL, so the answer cache never serves it and each
// request runs the statement (the worst case: a seller typing a processor no one has asked for).
import { loadavg } from 'node:os';
import pg from 'pg';
import { seed } from './catalogue.ts';
import { type Measured, measure, type Req, startServer, stopServer, withOwnDatabase } from './harness.ts';

// BENCH_PRICE_GUIDE_LISTINGS: a smaller catalogue for a quick check of the part itself (the target is at 100,000).
const LISTINGS = Number(process.env.BENCH_PRICE_GUIDE_LISTINGS ?? 100_000);
const CONNECTIONS = 10;
export const PRICE_GUIDE_TARGET_P99_MS = 50;
/** The most common combinations, and as many of the rarest, so small and large groups both count. */
const COMMON = 30;
const RARE = 10;

export interface PriceGuideResults extends Measured {
  listings: number;
  connections: number;
  /** Brand, processor and RAM combinations asked for, in turn. */
  combinations: number;
  target_p99_ms: number;
  met: boolean;
  load_1m: number;
}

export function benchPriceGuide(): Promise<PriceGuideResults> {
  console.log(
    `\nprice guide: ${LISTINGS.toLocaleString('en')} listings, PostgreSQL, ${CONNECTIONS} connections, uncached`,
  );
  return withOwnDatabase('lh_bench_price_guide', async (url) => {
    await seed('postgres', { DATABASE_URL: url }, LISTINGS);
    const combinations = await combinationsOf(url);
    const server = await startServer({ DATABASE_URL: url });
    try {
      const request = (i: number): Req => {
        const c = combinations[i % combinations.length]!;
        const query = new URLSearchParams({
          brand: c.brand,
          processor: `${c.processor} ${Math.floor(i / combinations.length)}`,
          ram_gb: String(c.ram_gb),
        });
        return { method: 'GET', path: `/api/price-guide?${query}` };
      };
      const m = await measure(server.url, request, 'GET /api/price-guide', CONNECTIONS);
      return {
        listings: LISTINGS,
        connections: CONNECTIONS,
        combinations: combinations.length,
        ...m,
        target_p99_ms: PRICE_GUIDE_TARGET_P99_MS,
        met: m.p99_ms <= PRICE_GUIDE_TARGET_P99_MS,
        load_1m: Math.round(loadavg()[0]! * 10) / 10,
      };
    } finally {
      await stopServer(server);
    }
  });
}

/** The catalogue's combinations with a processor family: the most common and the rarest. */
async function combinationsOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ brand: string; processor: string; ram_gb: number; n: number }>(`
      select brand, min(processor) as processor, ram_gb, count(*)::int as n
      from laptop
      where processor_family is not null and brand is not null and ram_gb is not null
        and sales_status in ('unsold', 'sold') and review_status = 'published'
      group by brand, processor_family, ram_gb
      order by n desc`);
    const picked = [...rows.slice(0, COMMON), ...rows.slice(Math.max(COMMON, rows.length - RARE))];
    if (picked.length === 0) throw new Error('the generated catalogue has no processor family to ask about');
    console.log(
      `  ${rows.length} combinations; asking ${picked.length}, of ${picked.at(-1)!.n} to ${picked[0]!.n} listings each`,
    );
    return picked;
  } finally {
    await client.end();
  }
}

export function priceGuideTargets(r: PriceGuideResults | undefined): [string, boolean][] {
  if (!r) return [['price guide: not measured', false]];
  return [
    [
      `price guide p99 ≤ ${r.target_p99_ms} ms at ${r.listings.toLocaleString('en')} listings, PostgreSQL (p99 ${r.p99_ms} ms, ${r.rps}/s at ${r.connections} connections over ${r.combinations} combinations, load ${r.load_1m})`,
      r.met,
    ],
  ];
}

// Alone (`tsx bench/price-guide.ts`): the part, printed, nothing written.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchPriceGuide();
  console.log(r);
  for (const [label, ok] of priceGuideTargets(r)) console.log(`${ok ? '✓' : '✗'} ${label}`);
}
