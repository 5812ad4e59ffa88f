import { and, eq, sql } from 'drizzle-orm';
import { processorFamily } from '../../../shared/catalog.ts';
import { PRICE_GUIDE_MIN_COUNT, type PriceGuide } from '../../../shared/moderation.ts';
import type { Db } from '../../platform/db/client.ts';
import { preparedOnce, withValues } from '../../platform/db/prepared.ts';
import { laptops } from '../laptops/schema.ts';

// The price guide (docs/product.md#price-guide): what comparable laptops are listed and sold for.
// Comparable: the same brand, processor family (shared/catalog.ts processorFamily, the generated
// `processor_family` column) and RAM, published, unsold or sold. The quartiles are
// percentile_cont's (linear between the two nearest prices), rounded to whole taka, half up.

export interface PriceGuideSpecs {
  brand: string;
  processor: string;
  ramGb: number;
}

const NO_GUIDE: PriceGuide = { count: 0, p25: null, median: null, p75: null };

/** Rounded in numeric: half away from zero, as Math.round for prices (double's round goes to even). */
const quartile = (fraction: number) =>
  sql<
    string | null
  >`round((percentile_cont(${sql.raw(String(fraction))}) within group (order by ${laptops.resalePrice}))::numeric)::int`;

/**
 * The comparables' count and quartiles in one statement, read from laptop_price_guide_idx alone
 * (the statement repeats the index's predicate word for word, so the planner may use it).
 */
function guideStatement(db: Db) {
  return preparedOnce(db, 'price guide', () =>
    db
      .select({
        count: sql<number>`count(*)::int`,
        p25: quartile(0.25),
        median: quartile(0.5),
        p75: quartile(0.75),
      })
      .from(laptops)
      .where(
        and(
          eq(laptops.brand, sql.placeholder('brand')),
          eq(laptops.processorFamily, sql.placeholder('family')),
          eq(laptops.ramGb, sql.placeholder('ramGb')),
          sql`${laptops.salesStatus} in ('unsold', 'sold') and ${laptops.reviewStatus} = 'published'`,
        ),
      ),
  );
}

/** The statement of `specs` with its values (its plan is tested), or null for a processor of no family. */
export function priceGuideStatement(db: Db, { brand, processor, ramGb }: PriceGuideSpecs) {
  const family = processorFamily(processor);
  return family ? withValues(guideStatement(db), { brand, family, ramGb }) : null;
}

/**
 * Comparable listings' prices, whoever asks: the count, and the 25th, 50th and 75th percentiles
 * when there are at least PRICE_GUIDE_MIN_COUNT of them (null otherwise). Nothing is left out: a
 * caller weighing one listing against the others compares it itself. A processor of no known
 * family has no comparables.
 */
export async function comparablePrices(db: Db, specs: PriceGuideSpecs): Promise<PriceGuide> {
  const statement = priceGuideStatement(db, specs);
  if (!statement) return NO_GUIDE;
  const [row] = await statement.execute();
  const count = Number(row?.count ?? 0);
  if (count < PRICE_GUIDE_MIN_COUNT) return { ...NO_GUIDE, count };
  return { count, p25: Number(row!.p25), median: Number(row!.median), p75: Number(row!.p75) };
}
