import { and, count, desc, eq, sql } from 'drizzle-orm';
import { fieldCodeOf, type IssueLike } from '../../../shared/error-codes.ts';
import {
  type NewSavedSearch,
  SAVED_SEARCH_MAX,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearch,
  type SavedSearchChange,
} from '../../../shared/saved-searches.ts';
import { type LaptopSearchQuery, laptopSearchQuerySchema } from '../../../shared/search.ts';
import type { Actor } from '../../platform/actor.ts';
import { type Db, newId } from '../../platform/db/client.ts';
import { AppError, type FieldIssue } from '../../platform/errors.ts';
import { forSale } from '../laptops/laptops.ts';
import { parseSearchText, wordsQuery } from '../laptops/search.ts';
import { users } from '../users/schema.ts';
import { savedSearches } from './schema.ts';

// Saved searches (docs/product.md#saved-searches): a signed-in user keeps the address query of
// /search with a name, at most SAVED_SEARCH_MAX of them, and sees how many listings matched each
// since they last looked. The filters are kept in columns as well, so that a new listing is matched
// against every saved search in one statement (matching.ts). Every statement is keyed by the
// caller's id: nobody reads, changes or learns of another user's saved searches.

/** The page's own parameters, not filters: a saved search keeps none of them. */
const NOT_FILTERS = new Set(['sort', 'limit', 'cursor']);

/** The filters of a saved search, as GET /api/laptops reads them. */
export type SearchFilters = Omit<LaptopSearchQuery, 'sort' | 'limit' | 'cursor'>;

/** The filters in the order the contract lists them, which /search's address writes them in too. */
const FILTER_ORDER = Object.keys(laptopSearchQuerySchema.shape).filter(
  (k) => !NOT_FILTERS.has(k),
) as (keyof SearchFilters)[];

const isMissing = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Reads /search's address query ("q=dell&ram=16", a leading "?" allowed) as GET /api/laptops reads
 * its query string: sort, limit and cursor are dropped; a filter it would refuse is refused here
 * with the same field name and code (400).
 */
export function parseSavedQuery(query: string): SearchFilters {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query.trim().replace(/^\?/, ''))) {
    if (NOT_FILTERS.has(key)) continue;
    const had = raw[key];
    // A parameter given twice is refused, as the route refuses it.
    raw[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  const parsed = laptopSearchQuerySchema.safeParse(raw);
  if (parsed.success) {
    const { sort: _sort, limit: _limit, cursor: _cursor, ...filters } = parsed.data;
    return filters;
  }
  const fields: Record<string, FieldIssue> = {};
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? 'query')];
    for (const name of keys) {
      fields[name] ??= fieldCodeOf(
        issue as unknown as IssueLike,
        issue.code !== 'unrecognized_keys' && isMissing(raw[name]),
      );
    }
  }
  throw new AppError('invalid_request', {}, fields);
}

/** The filters as the query of /search, in one order, each once: equal searches read the same. */
export function normalisedQuery(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_ORDER) {
    const value = filters[key];
    // A flag left false filters nothing.
    if (value === undefined || value === false) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

const taka = (n: number) => n.toLocaleString('en-US');
const size = (gb: number) => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`);

/** What the search's columns hold: its filters, with the RAM and storage written in `q` ("16gb") taken as filters. */
function columnsOf(filters: SearchFilters) {
  const text = parseSearchText(filters.q);
  return {
    text,
    columns: {
      category: filters.category ?? null,
      brand: filters.brand ?? null,
      location: filters.location ?? null,
      condition: filters.condition ?? null,
      minPrice: filters.minPrice ?? null,
      maxPrice: filters.maxPrice ?? null,
      ramGb: filters.ram ?? text.ram ?? null,
      storageGb: filters.storage ?? text.storage ?? null,
      minBattery: filters.minBattery ?? null,
      verified: filters.verified ?? false,
      negotiable: filters.negotiable ?? false,
    },
  };
}

type Columns = ReturnType<typeof columnsOf>['columns'];

/** A name made of the search's own values ("dell · 16 GB · Tk 0–60,000"), for a search saved without one. */
export function nameOf(words: readonly string[], c: Columns): string {
  const parts = [
    words.join(' '),
    c.category,
    c.brand,
    c.location,
    c.condition,
    c.ramGb === null ? null : size(c.ramGb),
    c.storageGb === null ? null : size(c.storageGb),
    c.minPrice === null && c.maxPrice === null
      ? null
      : c.maxPrice === null
        ? `Tk ${taka(c.minPrice ?? 0)}+`
        : `Tk ${taka(c.minPrice ?? 0)}–${taka(c.maxPrice)}`,
    c.minBattery === null ? null : `battery ${c.minBattery}%+`,
    c.verified ? 'verified sellers' : null,
    c.negotiable ? 'negotiable' : null,
  ].filter((p): p is string => Boolean(p));
  const name = parts.length ? parts.join(' · ') : 'All laptops';
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}

/**
 * Listings for sale that matched a saved search since its owner last looked. Spelt out with its
 * table names: in a one-table select drizzle leaves columns unqualified, and "id" would then be the
 * laptop's.
 */
const newMatches = sql<number>`(
  select count(*) from saved_search_match m join laptop on laptop.id = m.laptop_id
  where m.saved_search_id = saved_search.id and m.matched_at > saved_search.seen_at and ${forSale}
)`.mapWith(Number);

/** The caller's saved searches (one of them with `id`), newest first, with their new matches. */
async function savedOf(db: Db, userId: string, id?: string): Promise<SavedSearch[]> {
  const rows = await db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      createdAt: savedSearches.createdAt,
      seenAt: savedSearches.seenAt,
      newMatches,
    })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), id === undefined ? undefined : eq(savedSearches.id, id)))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    query: r.query,
    created_at: r.createdAt.toISOString(),
    seen_at: r.seenAt.toISOString(),
    new_matches: r.newMatches,
  }));
}

async function savedOne(db: Db, userId: string, id: string): Promise<SavedSearch> {
  const [found] = await savedOf(db, userId, id);
  if (!found) throw new AppError('saved_search_not_found');
  return found;
}

/**
 * POST /api/savedSearches: keeps the caller's search, named as they asked or after its filters.
 * The user's row is locked while their searches are counted, so two saves at once cannot both take
 * the last place (409 `saved_search_limit` past SAVED_SEARCH_MAX).
 */
export async function createSavedSearch({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: NewSavedSearch;
}): Promise<SavedSearch> {
  const filters = parseSavedQuery(input.query);
  const { text, columns } = columnsOf(filters);
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, actor.id));
    if ((kept?.n ?? 0) >= SAVED_SEARCH_MAX) throw new AppError('saved_search_limit', { max: SAVED_SEARCH_MAX });
    await tx.insert(savedSearches).values({
      id,
      userId: actor.id,
      name: input.name ?? nameOf(text.words, columns),
      query: normalisedQuery(filters),
      ...columns,
      textQuery: wordsQuery(text),
    });
  });
  return savedOne(db, actor.id, id);
}

/** GET /api/savedSearches: the caller's, newest first (at most SAVED_SEARCH_MAX: one page). */
export function listSavedSearches({ db, actor }: { db: Db; actor: Actor }): Promise<SavedSearch[]> {
  return savedOf(db, actor.id);
}

/** PATCH /api/savedSearches/{id}: renames it, and/or marks its matches seen now. */
export async function changeSavedSearch({
  db,
  actor,
  id,
  change,
}: {
  db: Db;
  actor: Actor;
  id: string;
  change: SavedSearchChange;
}): Promise<SavedSearch> {
  const set = {
    ...(change.name === undefined ? {} : { name: change.name }),
    ...(change.seen ? { seenAt: sql`now()` } : {}),
  };
  if (Object.keys(set).length > 0) {
    const updated = await db
      .update(savedSearches)
      .set(set)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)))
      .returning({ id: savedSearches.id });
    if (updated.length === 0) throw new AppError('saved_search_not_found');
  }
  return savedOne(db, actor.id, id);
}

/** DELETE /api/savedSearches/{id}: the caller's saved search and its matches go. */
export async function deleteSavedSearch({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError('saved_search_not_found');
}
