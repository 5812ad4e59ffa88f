import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { blocks } from '../conversations/schema.ts';
import { forSale } from '../laptops/laptops.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';
import { savedSearches, savedSearchMatches } from './schema.ts';

// Which saved searches a listing matches (docs/product.md#saved-searches), in one statement: the
// listing is read once and tested against every saved search's columns (a filter left out is null
// and lets anything through), the text as search reads it (features/laptops/search.ts: every word
// a prefix of a word of the listing's search document). A listing no longer for sale matches
// nothing; nor does the seller's own search, nor the search of someone who blocked the seller
// (docs/decisions/0036). The matches are written in the same statement, once per listing and search
// (the primary key): only the ones written now are answered, so a listing told of once is never
// told of again, whichever instance or retry gets there first.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A saved search a listing matched for the first time: whom to tell, and what. */
export interface NewMatch {
  userId: string;
  /** The saved search's name. */
  searchName: string;
  laptopName: string;
  price: number;
}

/** Matches the listing against every saved search, records the new matches and answers them. */
export type Matcher = (tx: Db | Tx, laptopId: string) => Promise<NewMatch[]>;

/** The statement of `matchListing`, unrun (the bench EXPLAINs it). */
export function matchStatement(laptopId: string) {
  const s = savedSearches;
  const l = laptops;
  return sql`
    with listing as (
      select ${l.id} as id, ${l.name} as name, ${l.resalePrice} as price, ${l.sellerId} as seller_id,
        ${l.category} as category, ${l.brand} as brand, ${l.location} as location, ${l.condition} as condition,
        ${l.ramGb} as ram_gb, ${l.storageGb} as storage_gb, ${l.batteryHealth} as battery_health,
        ${l.negotiable} as negotiable, ${l.searchDocument} as document, ${users.verified} as verified
      from ${l} join ${users} on ${users.id} = ${l.sellerId}
      where ${l.id} = ${laptopId} and ${forSale}
    ),
    hit as (
      select ${s.id} as id, ${s.userId} as user_id, ${s.name} as name
      from ${s}, listing
      where ${s.userId} <> listing.seller_id
        and (${s.category} is null or ${s.category} = listing.category)
        and (${s.brand} is null or ${s.brand} = listing.brand)
        and (${s.location} is null or ${s.location} = listing.location)
        and (${s.condition} is null or ${s.condition} = listing.condition)
        and (${s.minPrice} is null or listing.price >= ${s.minPrice})
        and (${s.maxPrice} is null or listing.price <= ${s.maxPrice})
        and (${s.ramGb} is null or ${s.ramGb} = listing.ram_gb)
        and (${s.storageGb} is null or ${s.storageGb} = listing.storage_gb)
        and (${s.minBattery} is null or listing.battery_health >= ${s.minBattery})
        and (not ${s.verified} or listing.verified)
        and (not ${s.negotiable} or listing.negotiable)
        and (${s.textQuery} is null or listing.document @@ ${s.textQuery})
        and not exists (
          select 1 from ${blocks} where ${blocks.blockerId} = ${s.userId} and ${blocks.blockedId} = listing.seller_id
        )
    ),
    written as (
      insert into ${savedSearchMatches} (saved_search_id, laptop_id)
      select hit.id, listing.id from hit, listing
      on conflict do nothing
      returning saved_search_id
    )
    select hit.user_id as "userId", hit.name as "searchName", listing.name as "laptopName", listing.price as "price"
    from written join hit on hit.id = written.saved_search_id, listing`;
}

/** The matcher the worker uses (jobs.ts); tests hand it another to make an attempt fail. */
export const matchListing: Matcher = async (tx, laptopId) => {
  const { rows } = (await tx.execute(matchStatement(laptopId))) as unknown as { rows: NewMatch[] };
  return rows.map((r) => ({ ...r, price: Number(r.price) }));
};
