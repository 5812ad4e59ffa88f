import { and, eq, sql } from 'drizzle-orm';
import { type Brand, processorFamily } from '../../../shared/catalog.ts';
import { PRICE_GUIDE_MIN_COUNT, type PriceGuide } from '../../../shared/moderation.ts';
import type { Db } from '../../platform/db/client.ts';
import { laptops } from '../laptops/schema.ts';

/**
 * The prices of listings comparable to one (docs/product.md#price-guide): published, for sale or
 * sold, of the same brand, processor family and memory; percentiles only from PRICE_GUIDE_MIN_COUNT.
 */
export async function comparablePrices(
  db: Db,
  { brand, processor, ramGb }: { brand: Brand; processor: string; ramGb: number },
): Promise<PriceGuide> {
  const family = processorFamily(processor);
  if (!family) return { count: 0, p25: null, median: null, p75: null };
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      p25: sql<number | null>`round(percentile_cont(0.25) within group (order by ${laptops.resalePrice}))::int`,
      median: sql<number | null>`round(percentile_cont(0.5) within group (order by ${laptops.resalePrice}))::int`,
      p75: sql<number | null>`round(percentile_cont(0.75) within group (order by ${laptops.resalePrice}))::int`,
    })
    .from(laptops)
    .where(
      and(
        eq(laptops.brand, brand),
        eq(laptops.processorFamily, family),
        eq(laptops.ramGb, ramGb),
        sql`${laptops.salesStatus} in ('unsold', 'sold') and ${laptops.reviewStatus} = 'published'`,
      ),
    );
  const count = row?.count ?? 0;
  if (count < PRICE_GUIDE_MIN_COUNT) return { count, p25: null, median: null, p75: null };
  return { count, p25: row!.p25, median: row!.median, p75: row!.p75 };
}
