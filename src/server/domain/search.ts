import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { RAM_SIZES_GB, SPEC_LIMITS } from '../../shared/catalog.ts';
import { type LaptopPage, type LaptopSearchQuery, SEARCH_LIMIT, type Sort, TOTAL_CAP } from '../../shared/search.ts';
import type { Db } from '../db/client.ts';
import { laptops } from '../db/schema/laptops.ts';
import { users } from '../db/schema/users.ts';
import { forSale, laptopColumns, toPublicLaptop } from './laptops.ts';
import { afterKey, decodeCursor, integerCursor, newestFirst, timestampCursor, timestampKey, toPage } from './paging.ts';

// GET /api/laptops: search, filters, sorts and keyset pages over the laptops for sale
// (docs/search.md). Every condition here has an index behind it (db/schema/laptops.ts); the
// EXPLAIN test (routes/search-plans.api.test.ts) runs these very queries.

/** At most this many words of `q` are matched; the rest are ignored. */
export const MAX_WORDS = 8;

export interface SearchText {
  /** Lower-cased words, each matched by prefix (full text) or by trigram similarity. */
  words: string[];
  ram?: number;
  storage?: number;
}

const RAM = RAM_SIZES_GB as readonly number[];
const isStorage = (gb: number) => gb >= SPEC_LIMITS.storageGb.min && gb <= SPEC_LIMITS.storageGb.max;
// "16gb", "16 GB", "1tb": a number and a unit standing alone.
const SIZE_TOKEN = /(?<![\p{L}\p{N}])(\d{1,5})\s*(gb|tb)(?![\p{L}\p{M}\p{N}])/gu;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * Splits a search text into words and size tokens (docs/search.md#tokens): "16gb" is a RAM filter
 * when 16 is a RAM size we list, "512gb" or "1tb" a storage filter; a size that is neither stays text.
 */
export function parseSearchText(q: string | undefined): SearchText {
  const result: SearchText = { words: [] };
  if (!q) return result;
  const rest = q.toLowerCase().replace(SIZE_TOKEN, (whole, digits: string, unit: string) => {
    const gb = Number(digits) * (unit === 'tb' ? 1024 : 1);
    if (unit === 'gb' && RAM.includes(gb) && result.ram === undefined) result.ram = gb;
    else if (isStorage(gb) && result.storage === undefined) result.storage = gb;
    else return whole;
    return ' ';
  });
  result.words = [...new Set(rest.split(NOT_WORD).filter(Boolean))].slice(0, MAX_WORDS);
  return result;
}

/**
 * One word matches a laptop whose name, brand, processor or description has a word starting with
 * it (full text, 'simple' configuration: no stemming, no stop words), or whose name, brand or
 * processor holds a word similar to it (pg_trgm word similarity: "thinkpd" finds "thinkpad").
 */
function wordMatches(word: string): SQL {
  return sql`(${laptops.searchDocument} @@ to_tsquery('simple', quote_literal(${word}::text) || ':*') or ${word}::text <% ${laptops.searchText})`;
}

function conditions(db: Db, query: LaptopSearchQuery): SQL[] {
  const text = parseSearchText(query.q);
  const ram = query.ram ?? text.ram;
  const storage = query.storage ?? text.storage;
  const where: (SQL | undefined)[] = [
    forSale,
    query.category && eq(laptops.category, query.category),
    query.brand && eq(laptops.brand, query.brand),
    query.location && eq(laptops.location, query.location),
    query.condition && eq(laptops.condition, query.condition),
    query.minPrice !== undefined ? gte(laptops.resalePrice, query.minPrice) : undefined,
    query.maxPrice !== undefined ? lte(laptops.resalePrice, query.maxPrice) : undefined,
    ram !== undefined ? eq(laptops.ramGb, ram) : undefined,
    storage !== undefined ? eq(laptops.storageGb, storage) : undefined,
    // A semi-join: the page and the count need no user columns to filter.
    query.verified
      ? inArray(laptops.sellerId, db.select({ id: users.id }).from(users).where(eq(users.verified, true)))
      : undefined,
    ...text.words.map(wordMatches),
  ];
  return where.filter((c): c is SQL => c !== undefined);
}

const SORTS: Record<
  Sort,
  { column: typeof laptops.postedAt | typeof laptops.resalePrice; kind: 'timestamp' | 'integer'; dir: 'asc' | 'desc' }
> = {
  newest: { column: laptops.postedAt, kind: 'timestamp', dir: 'desc' },
  price_asc: { column: laptops.resalePrice, kind: 'integer', dir: 'asc' },
  price_desc: { column: laptops.resalePrice, kind: 'integer', dir: 'desc' },
};

/**
 * The two statements of a search, unrun: one page of laptops (`limit + 1` rows: the extra one says
 * another page exists) and the capped count. Exposed so tests can EXPLAIN exactly what runs.
 */
export function searchStatements(db: Db, query: LaptopSearchQuery, totalCap = TOTAL_CAP) {
  const sort = SORTS[query.sort];
  const limit = query.limit ?? SEARCH_LIMIT.default;
  const where = conditions(db, query);
  const filters = and(...where);
  // Newest walks laptop_for_sale_newest_idx (DESC NULLS LAST); price_desc walks the ascending
  // laptop_for_sale_price_idx backwards, which is a plain DESC.
  const order = query.sort === 'newest' ? newestFirst : sort.dir === 'desc' ? desc : asc;
  const page = query.cursor
    ? afterKey(
        sort.column,
        laptops.id,
        sort.dir,
        (sort.kind === 'timestamp' ? timestampCursor : integerCursor)(
          decodeCursor(query.cursor, query.sort, sort.kind),
        ),
      )
    : undefined;
  // The page's ids first, from laptop alone along the sort's index; only those rows are then
  // joined to their sellers (a join before the limit could hash the whole user table).
  const pageIds = db
    .select({ id: laptops.id })
    .from(laptops)
    .where(and(filters, page))
    .orderBy(order(sort.column), order(laptops.id))
    .limit(limit + 1);
  const items = db
    .select({ ...laptopColumns, postedAtKey: timestampKey(laptops.postedAt) })
    .from(laptops)
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(inArray(laptops.id, pageIds))
    .orderBy(order(sort.column), order(laptops.id));
  // Counting stops after the cap: a count over everything would read every match.
  const counted = db
    .select({ one: sql`1` })
    .from(laptops)
    .where(filters)
    .limit(totalCap + 1)
    .as('matches');
  const total = db.select({ n: count() }).from(counted);
  return { items, total, limit };
}

/** `total` and `totalCapped` from a count that stopped at `cap + 1`. */
export function cappedTotal(n: number, cap: number): { total: number; totalCapped?: true } {
  return n > cap ? { total: cap, totalCapped: true } : { total: n };
}

/** GET /api/laptops: one page of laptops for sale, public fields only (docs/search.md). */
export async function searchLaptops({
  db,
  query,
  totalCap = TOTAL_CAP,
}: {
  db: Db;
  query: LaptopSearchQuery;
  totalCap?: number;
}): Promise<LaptopPage> {
  const { items, total, limit } = searchStatements(db, query, totalCap);
  const rows = await items;
  const [counted] = await total;
  const page = toPage(
    rows,
    limit,
    query.sort,
    (r) => (query.sort === 'newest' ? r.postedAtKey : r.resalePrice),
    toPublicLaptop,
  );
  return { ...page, ...cappedTotal(Number(counted?.n ?? 0), totalCap) };
}
