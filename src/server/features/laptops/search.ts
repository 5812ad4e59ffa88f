import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { readBanglaQuery } from '../../../shared/bangla-search.ts';
import { RAM_SIZES_GB, SPEC_LIMITS } from '../../../shared/catalog.ts';
import { type LaptopPage, type LaptopSearchQuery, SEARCH_LIMIT, type Sort, TOTAL_CAP } from '../../../shared/search.ts';
import type { Db } from '../../platform/db/client.ts';
import { preparedOnce, withValues } from '../../platform/db/prepared.ts';
import { Memo } from '../../platform/memo.ts';
import {
  afterKey,
  CURSOR_PLACEHOLDERS,
  cursorValues,
  decodeCursor,
  integerCursor,
  newestFirst,
  timestampCursor,
  timestampKey,
  toPage,
} from '../../platform/paging.ts';
import { users } from '../users/schema.ts';
import { forSale, laptopColumns, notBySellers, toPublicLaptop } from './laptops.ts';
import { laptops } from './schema.ts';

// GET /api/laptops: search, filters, sorts and keyset pages over the laptops for sale
// (docs/search.md). Every condition here has an index behind it (features/laptops/schema.ts); the
// EXPLAIN test (features/laptops/search-plans.api.test.ts) runs these very queries.

/** At most this many words of `q` are matched; the rest are ignored. */
export const MAX_WORDS = 8;

export interface SearchText {
  /** Lower-cased words, each matched by prefix (full text) or by trigram similarity. */
  words: string[];
  /** A word read from Bangla (docs/search.md#bangla-queries) → that Bangla word, which matches too. */
  bangla?: Record<string, string>;
  ram?: number;
  storage?: number;
}

const RAM = RAM_SIZES_GB as readonly number[];
const isStorage = (gb: number) => gb >= SPEC_LIMITS.storageGb.min && gb <= SPEC_LIMITS.storageGb.max;
// "16gb", "16 GB", "1tb": a number and a unit standing alone.
const SIZE_TOKEN = /(?<![\p{L}\p{N}])(\d{1,5})\s*(gb|tb)(?![\p{L}\p{M}\p{N}])/gu;
// The joiners inside Bangla words (র‍্যাম) stay in the word: the database's parser, which reads the
// word again in to_tsquery, splits it where it splits the listing's text.
const NOT_WORD = /[^\p{L}\p{M}\p{N}\u200c\u200d]+/u;
const HAS_LETTER = /[\p{L}\p{N}]/u;

/**
 * Splits a search text into words and size tokens (docs/search.md#tokens): "16gb" is a RAM filter
 * when 16 is a RAM size we list, "512gb" or "1tb" a storage filter; a size that is neither stays text.
 * Bangla is first read as English ("১৬ জিবি ডেল" is "16 gb dell": docs/search.md#bangla-queries).
 */
export function parseSearchText(q: string | undefined): SearchText {
  const result: SearchText = { words: [] };
  if (!q) return result;
  const reading = readBanglaQuery(q);
  const rest = reading.text.toLowerCase().replace(SIZE_TOKEN, (whole, digits: string, unit: string) => {
    const gb = Number(digits) * (unit === 'tb' ? 1024 : 1);
    if (unit === 'gb' && RAM.includes(gb) && result.ram === undefined) result.ram = gb;
    else if (isStorage(gb) && result.storage === undefined) result.storage = gb;
    else return whole;
    return ' ';
  });
  // A word of joiners or marks alone (an emoji's joiner) has nothing the database's parser would keep.
  const words = rest.split(NOT_WORD).filter((w) => HAS_LETTER.test(w));
  result.words = [...new Set(words)].slice(0, MAX_WORDS);
  const bangla = result.words.filter((w) => reading.banglaOf.has(w));
  if (bangla.length > 0) result.bangla = Object.fromEntries(bangla.map((w) => [w, reading.banglaOf.get(w)!]));
  return result;
}

/**
 * One word matches a laptop whose name, brand, processor or description has a word starting with
 * it (full text, 'simple' configuration: no stemming, no stop words). A word that no laptop for
 * sale matches that way is taken as a typo and matches a laptop whose name, brand or processor
 * holds a word similar to it (pg_trgm word similarity: "thinkpd" finds "thinkpad").
 */
function wordMatches(word: Word, how: WordMatch, walk = false, bangla?: Word): SQL {
  const match =
    how === 'similar'
      ? sql`${word}::text <% ${laptops.searchText}`
      : sql`${laptops.searchDocument} @@ ${textQuery(word, how, bangla)}`;
  // The same test in a form no index serves, which the planner takes to hold for half the rows:
  // it then walks the sort's index and stops at the page's end (see WALK_FROM).
  return walk ? sql`coalesce(${match}, false)` : match;
}

/**
 * How a word is matched: by the words starting with it, or, for a word of one character ("nitro 5",
 * "core i7 h"), by that word alone: every word starting with "5" is a third of the catalogue, and
 * gathering them cost "nitro 5" twice the time of any other search (docs/search.md); by similarity
 * when it is a typo.
 */
type WordMatch = 'prefix' | 'whole' | 'similar';

function howToMatch(word: string, fuzzy: ReadonlySet<string>): WordMatch {
  return fuzzy.has(word) ? 'similar' : byFullText(word);
}

/** How a word is matched when it is no typo. */
const byFullText = (word: string): 'prefix' | 'whole' => ([...word].length === 1 ? 'whole' : 'prefix');

type Word = string | SQL | Placeholder;
/** The full-text query of the words starting with `word`. */
const prefixOf = (word: Word) => sql`to_tsquery('simple', quote_literal(${word}::text) || ':*')`;
/** The full-text query of `word` itself. */
const wholeWord = (word: Word) => sql`to_tsquery('simple', quote_literal(${word}::text))`;

/**
 * The full-text query of a word, or of the word and the Bangla one it was read from (either may be
 * in a listing: "gaming" or "গেমিং").
 */
function textQuery(word: Word, how: 'prefix' | 'whole', bangla?: Word): SQL {
  const query = how === 'whole' ? wholeWord(word) : prefixOf(word);
  return bangla === undefined ? query : sql`(${query} || ${prefixOf(bangla)})`;
}

/**
 * The full-text query of all of a search's words, each matched as a search matches a word that is
 * no typo (a word read from Bangla in either form); null without words. A saved search keeps it to
 * test new listings with (features/saved-searches/matching.ts).
 */
export function wordsQuery(text: SearchText): SQL {
  if (text.words.length === 0) return sql`null::tsquery`;
  return sql.join(
    text.words.map((w) => textQuery(w, byFullText(w), text.bangla?.[w])),
    sql` && `,
  );
}

/** Laptops a typo test looks at first: the newest for sale. */
const RECENT = 500;

/**
 * From this many matches on, a page walks the index of its sort and tests each laptop as it goes
 * (the page's cost then depends on the share of laptops that match, not on the catalogue's size);
 * below it, the matches are gathered through the filters' and text indexes and sorted. The count
 * comes first, so the choice is made on the true number of matches: PostgreSQL's own estimate
 * takes conditions as independent, so "macbook air" looks a hundred times rarer than it is (it
 * would gather and sort thousands of laptops) and Xiaomi with 16 GB looks common (it would walk
 * the price index through most of the catalogue for a page of a few).
 *
 * Newest first, matches are spread evenly along the walk. By price they are not: a model's price
 * follows the model, so the cheapest "razer blade" lies past most of the catalogue's cheaper
 * laptops (walk 87 ms, gather 4.5 ms at 100,000 listings). Measured per term at 100,000 listings
 * (docs/search.md#walking-or-gathering-a-page), walking by price paid off only from about 6,000 matches.
 */
export const WALK_FROM = { newest: 600, price: 6_000 } as const;

/**
 * A search as the route asks it: the query, and the sellers whose laptops the caller is not shown
 * (whom they blocked: docs/decisions/0036), none for most callers.
 */
export type SearchInput = LaptopSearchQuery & { withoutSellers?: readonly string[] };

const hasWithout = (query: SearchInput) => (query.withoutSellers?.length ?? 0) > 0;

/** A placeholder for the value named `name` (platform/db/prepared.ts): a search's statements are built once per shape. */
const value = (name: string) => sql.placeholder(name);

/**
 * What decides the text of a search's statements (which filters it has, its sort, how it walks);
 * everything else is a value in a placeholder (`searchValues`).
 */
function shapeOf(query: SearchInput, text: SearchText, fuzzy: ReadonlySet<string>, walk: boolean | undefined) {
  const has = (v: unknown) => (v === undefined ? 0 : 1);
  return [
    query.sort,
    walk,
    has(query.category),
    has(query.brand),
    has(query.location),
    has(query.condition),
    has(query.ram ?? text.ram),
    has(query.storage ?? text.storage),
    has(query.minBattery),
    query.verified ? 1 : 0,
    query.negotiable ? 1 : 0,
    has(query.minPrice),
    has(query.maxPrice),
    has(query.cursor),
    hasWithout(query) ? 1 : 0,
    text.words.map((w) => howToMatch(w, fuzzy)[0] + (text.bangla?.[w] ? 'b' : '')).join(''),
  ].join(' ');
}

/** The values of a search's placeholders. */
function searchValues(query: SearchInput, text: SearchText, limit: number, totalCap: number) {
  const values: Record<string, unknown> = {
    category: query.category,
    brand: query.brand,
    location: query.location,
    condition: query.condition,
    ram: query.ram ?? text.ram,
    storage: query.storage ?? text.storage,
    minBattery: query.minBattery,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    pageRows: limit + 1,
    countRows: totalCap + 1,
    without: hasWithout(query) ? query.withoutSellers : undefined,
  };
  text.words.forEach((w, i) => {
    values[`w${i}`] = w;
    values[`b${i}`] = text.bangla?.[w];
  });
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, SORTS[query.sort].kind) : undefined;
  return { ...values, ...cursorValues(cursor) };
}

/** The conditions of a search but its price range, and the price range, with placeholders for their values. */
function conditions(
  db: Db,
  query: SearchInput,
  text: SearchText,
  fuzzy: ReadonlySet<string>,
  walk = false,
): { base: SQL[]; price: SQL[] } {
  // Walking, the filters other than brand and category are tested as the walk goes (unindexed);
  // brand and category stay indexed: their by-price and newest indexes bound the walk.
  const tested = (condition: SQL) => (walk ? sql`coalesce(${condition}, false)` : condition);
  const base: (SQL | undefined)[] = [
    forSale,
    query.category && eq(laptops.category, value('category')),
    query.brand && eq(laptops.brand, value('brand')),
    query.location && tested(eq(laptops.location, value('location'))),
    query.condition && tested(eq(laptops.condition, value('condition'))),
    (query.ram ?? text.ram) !== undefined ? tested(eq(laptops.ramGb, value('ram'))) : undefined,
    (query.storage ?? text.storage) !== undefined ? tested(eq(laptops.storageGb, value('storage'))) : undefined,
    // No index holds the battery health: it is tested on the rows the other conditions lead to. A
    // laptop without one (null) never passes.
    query.minBattery !== undefined ? tested(gte(laptops.batteryHealth, value('minBattery'))) : undefined,
    // A semi-join: the page and the count need no user columns to filter.
    query.verified
      ? inArray(laptops.sellerId, db.select({ id: users.id }).from(users).where(eq(users.verified, true)))
      : undefined,
    // Few laptops are negotiable: their own partial index serves the filter (laptop_for_sale_negotiable_idx).
    query.negotiable ? sql`${laptops.negotiable}` : undefined,
    hasWithout(query) ? tested(notBySellers('without')) : undefined,
    ...text.words.map((w, i) =>
      wordMatches(value(`w${i}`), howToMatch(w, fuzzy), walk, text.bangla?.[w] ? value(`b${i}`) : undefined),
    ),
  ];
  const price = [
    query.minPrice !== undefined ? gte(laptops.resalePrice, value('minPrice')) : undefined,
    query.maxPrice !== undefined ? lte(laptops.resalePrice, value('maxPrice')) : undefined,
  ];
  const defined = (c: SQL | undefined): c is SQL => c !== undefined;
  return { base: base.filter(defined), price: price.filter(defined) };
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
 * The statements of a search: one page of laptops (`limit + 1` rows: the extra one says another
 * page exists), the capped count, and the lowest `totalCap + 1` prices of the matches with the
 * price range left out (what the count is worked out from: searchLaptops). Each is built once per
 * shape of search (platform/db/prepared.ts) and only when asked for. Exposed so tests can EXPLAIN exactly
 * what runs.
 */
export function searchStatements(
  db: Db,
  query: SearchInput,
  {
    fuzzy = new Set<string>(),
    totalCap = TOTAL_CAP,
    walk,
  }: {
    fuzzy?: ReadonlySet<string>;
    totalCap?: number;
    /** Walk the sort's index (true), gather the matches (false), or let PostgreSQL choose (WALK_FROM). */
    walk?: boolean;
  } = {},
) {
  const text = parseSearchText(query.q);
  const limit = query.limit ?? SEARCH_LIMIT.default;
  const values = searchValues(query, text, limit, totalCap);
  const shape = shapeOf(query, text, fuzzy, walk);
  return {
    limit,
    get items() {
      return withValues(
        preparedOnce(db, `search items ${shape}`, () => itemsStatement(db, query, text, fuzzy, walk)),
        values,
      );
    },
    // Counting stops after the cap: a count over everything would read every match.
    get total() {
      return withValues(
        preparedOnce(db, `search total ${shape}`, () => {
          const { base, price } = conditions(db, query, text, fuzzy);
          const counted = db
            .select({ one: sql`1` })
            .from(laptops)
            .where(and(...base, ...price))
            .limit(value('countRows'))
            .as('matches');
          return db.select({ n: count() }).from(counted);
        }),
        values,
      );
    },
    // The lowest prices of the matches whatever the price range: the count of any range inside
    // them is then worked out without the database (countInRange).
    get prices() {
      return withValues(
        preparedOnce(db, `search prices ${shape}`, () =>
          db
            .select({ price: laptops.resalePrice })
            .from(laptops)
            .where(and(...conditions(db, query, text, fuzzy).base))
            .orderBy(asc(laptops.resalePrice))
            .limit(value('countRows')),
        ),
        values,
      );
    },
  };
}

/** The page's statement of a search's shape (see searchStatements). */
function itemsStatement(
  db: Db,
  query: SearchInput,
  text: SearchText,
  fuzzy: ReadonlySet<string>,
  walk: boolean | undefined,
) {
  const sort = SORTS[query.sort];
  const { base, price } = conditions(db, query, text, fuzzy);
  const walked = walk ? and(...conditions(db, query, text, fuzzy, true).base, ...price) : and(...base, ...price);
  // Newest walks laptop_for_sale_newest_idx (DESC NULLS LAST); price_desc walks the ascending
  // laptop_for_sale_price_idx backwards, which is a plain DESC.
  const order = query.sort === 'newest' ? newestFirst : sort.dir === 'desc' ? desc : asc;
  // A gathered page sorts by the same keys written as expressions no index provides (+ 0), so
  // that PostgreSQL cannot choose to walk an index for it.
  const gathered = (column: AnyColumn, kind: 'timestamp' | 'integer' | 'text') =>
    walk !== false
      ? column
      : sql`(${column} ${sql.raw(kind === 'text' ? "|| ''" : kind === 'timestamp' ? "+ interval '0 seconds'" : '+ 0')})`;
  const cursor = (sort.kind === 'timestamp' ? timestampCursor : integerCursor)(CURSOR_PLACEHOLDERS);
  const page = query.cursor ? afterKey(sort.column, laptops.id, sort.dir, cursor) : undefined;
  // The page's ids first, from laptop alone along the sort's index; only those rows are then
  // joined to their sellers (a join before the limit could hash the whole user table).
  const pageIds = db
    .select({ id: laptops.id })
    .from(laptops)
    .where(and(walked, page))
    .orderBy(order(gathered(sort.column, sort.kind)), order(gathered(laptops.id, 'text')))
    .limit(value('pageRows'));
  return db
    .select({ ...laptopColumns, postedAtKey: timestampKey(laptops.postedAt) })
    .from(laptops)
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(inArray(laptops.id, pageIds))
    .orderBy(order(sort.column), order(laptops.id));
}

/** `total` and `totalCapped` from a count that stopped at `cap + 1`. */
export function cappedTotal(n: number, cap: number): { total: number; totalCapped?: true } {
  return n > cap ? { total: cap, totalCapped: true } : { total: n };
}

/**
 * How many of the ascending `prices` lie in [min, max], counted up to `cap + 1`; undefined when the
 * list cannot say. The list is every matching price when it is no longer than `cap`; otherwise it
 * is the lowest `cap + 1` of them, which holds every match below its last price.
 */
export function countInRange(prices: Int32Array, min: number | undefined, max: number | undefined, cap: number) {
  const start = min === undefined ? 0 : firstAtLeast(prices, min);
  const last = prices.length > 0 ? prices[prices.length - 1]! : 0;
  if (prices.length <= cap || (max !== undefined && max < last)) {
    return Math.max(0, (max === undefined ? prices.length : firstAtLeast(prices, max + 1)) - start);
  }
  // The range reaches past the list: every listed price from `start` on is a match, and more follow.
  const known = prices.length - start;
  return known > cap ? known : undefined;
}

/** The index of the first of the ascending `values` that is at least `value` (binary search). */
function firstAtLeast(values: Int32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How long a SearchMemo keeps what it learnt. Writes clear it at once, on this instance and through
 * the change feed on the others (platform/http/changes.ts); this bounds what a lost message can cost.
 */
export const SEARCH_MEMO_TTL_MS = 60_000;

/**
 * What searches learn from the catalogue and can reuse until it changes (docs/search.md#counting):
 * which words are typos (no laptop for sale has a word starting with them), and the lowest prices
 * of each set of conditions but the price range, so that a buyer moving the budget of a search
 * costs no new count. Memoised facts, not answers (an answer is the response cache's): cleared by
 * every write that changes laptops, as the answers are.
 */
export class SearchMemo {
  readonly typos: Memo<boolean>;
  readonly prices: Memo<Int32Array>;

  constructor(ttlMs: number) {
    this.typos = new Memo<boolean>(ttlMs, 10_000);
    // At most 40 KB each (TOTAL_CAP + 1 prices): 20 MB at most.
    this.prices = new Memo<Int32Array>(ttlMs, 500);
  }

  clear(): void {
    this.typos.clear();
    this.prices.clear();
  }
}

/**
 * One row: for each of `words` (as `w0`, `w1`, …), whether some laptop for sale matches it by full
 * text. Per word: is it in one of the newest laptops (a short walk, enough for any common word), and
 * if not, does any laptop for sale have it (a count, which PostgreSQL makes from the text index; an
 * EXISTS alone would have it scan the table in the hope of an early match, all of it for a typo).
 */
export function typoStatement(db: Db, words: string[], bangla: Record<string, string> = {}) {
  return db
    .select(
      Object.fromEntries(
        words.map((w, i) => {
          // Matched as the search will match it if it is no typo.
          const how = byFullText(w);
          const query = textQuery(w, how, bangla[w]);
          return [
            `w${i}`,
            sql<boolean>`case
            when exists (select 1 from (
              select ${laptops.searchDocument} as document from ${laptops} where ${forSale}
              order by ${laptops.postedAt} desc nulls last, ${laptops.id} desc limit ${RECENT}
            ) recent where recent.document @@ ${query}) then true
            else (select count(*) > 0 from ${laptops} where ${forSale} and ${wordMatches(w, how, false, bangla[w])}) end`,
          ];
        }),
      ),
    )
    .from(sql`(select 1) as one`);
}

/** Of `words`, those no laptop for sale matches by full text: they are matched as typos. */
export async function typoWords(
  db: Db,
  words: string[],
  memo?: SearchMemo,
  bangla: Record<string, string> = {},
): Promise<Set<string>> {
  const typos = new Set<string>();
  // A word read from Bangla is a typo only if neither form is found: it is remembered apart.
  const memoKey = (w: string) => (bangla[w] ? `${w} ${bangla[w]}` : w);
  const unknown = words.filter((w) => {
    const known = memo?.typos.get(memoKey(w));
    if (known) typos.add(w);
    return known === undefined;
  });
  if (unknown.length === 0) return typos;
  const generation = memo?.typos.generation;
  const [found] = await typoStatement(db, unknown, bangla);
  unknown.forEach((w, i) => {
    const typo = !found?.[`w${i}`];
    if (typo) typos.add(w);
    memo?.typos.set(memoKey(w), typo, generation);
  });
  return typos;
}

/** GET /api/laptops: one page of laptops for sale, public fields only (docs/search.md). */
export async function searchLaptops({
  db,
  query,
  totalCap = TOTAL_CAP,
  memo,
}: {
  db: Db;
  query: SearchInput;
  totalCap?: number;
  memo?: SearchMemo;
}): Promise<LaptopPage> {
  const text = parseSearchText(query.q);
  const fuzzy = await typoWords(db, text.words, memo, text.bangla);
  const statements = searchStatements(db, query, { fuzzy, totalCap });
  const n = await countOf();
  // Without words, a brand or a category is walked in its own indexes, whatever the count; other
  // filters alone are left to PostgreSQL.
  const walkFrom = query.sort === 'newest' ? WALK_FROM.newest : WALK_FROM.price;
  const walk = text.words.length > 0 ? n >= walkFrom : query.brand || query.category ? true : undefined;
  const { items, limit } = searchStatements(db, query, { fuzzy, totalCap, walk });
  const rows = await items.execute();
  const page = toPage(
    rows,
    limit,
    query.sort,
    (r) => (query.sort === 'newest' ? r.postedAtKey : r.resalePrice),
    toPublicLaptop,
  );
  return { ...page, ...cappedTotal(n, totalCap) };

  async function countOf(): Promise<number> {
    // The verified sellers' prices in price order would be a hash join over every laptop: their
    // searches are counted by the database alone.
    if (query.verified) return countedByDatabase();
    const key = JSON.stringify([
      totalCap,
      query.category,
      query.brand,
      query.location,
      query.condition,
      query.ram ?? text.ram,
      query.storage ?? text.storage,
      query.minBattery,
      query.negotiable === true,
      text.words.map((w) => (fuzzy.has(w) ? `~${w}` : w) + (text.bangla?.[w] ? ` ${text.bangla[w]}` : '')).sort(),
    ]);
    // A search without some sellers is one user's: its prices are not remembered for anyone.
    const prices = hasWithout(query) ? undefined : memo?.prices;
    let list = prices?.get(key);
    if (!list) {
      const generation = prices?.generation;
      list = Int32Array.from(await statements.prices.execute(), (r) => r.price);
      prices?.set(key, list, generation);
    }
    return countInRange(list, query.minPrice, query.maxPrice, totalCap) ?? countedByDatabase();
  }

  async function countedByDatabase(): Promise<number> {
    const [counted] = await statements.total.execute();
    return Number(counted?.n ?? 0);
  }
}
