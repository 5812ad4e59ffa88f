import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { PhotoMatch } from '../../../shared/moderation.ts';
import type { Db } from '../../platform/db/client.ts';
import { laptops } from '../laptops/schema.ts';
import { laptopPhotos, photos } from './schema.ts';

// Photos that look like another seller's (the `duplicate_photo` risk check, docs/photos.md#perceptual-hash):
// two photos whose perceptual hashes differ in few bits are copies of one picture, re-encoded,
// resized, lightly cropped or brightened. The threshold is measured, not guessed:
// docs/decisions/0039 and perceptual-hash.test.ts, which holds it to the precision and recall found.

/**
 * Hashes at most this many bits apart are the same picture. On the demo photos and their copies:
 * every re-encoded, resized and brightened copy is within it, no pair of different photos is.
 */
export const DUPLICATE_PHOTO_DISTANCE = 8;

/** Rows returned at most: evidence for the admin, not an inventory of every copy. */
export const PHOTO_MATCHES_MAX = 20;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Bits that differ between two bigint hashes: XOR, then a count of the ones (PostgreSQL 14+). */
const distance = (a: AnyPgColumn, b: AnyPgColumn) => sql<number>`bit_count((${a} # ${b})::bit(64))`;

/** The other photo of a pair. */
const match = alias(photos, 'match');

/**
 * For each of `photoIds`, the photos on other sellers' listings (any listing, sold or not, whose
 * seller is not `sellerId`, besides `laptopId` itself) that look like it: within
 * DUPLICATE_PHOTO_DISTANCE bits, or the very same photo (distance 0, even without a hash). Nearest
 * first; at most PHOTO_MATCHES_MAX. A photo stored before hashes were kept (phash null) is only found
 * as itself.
 */
export async function findPhotoMatches(
  db: Db | Tx,
  { photoIds, sellerId, laptopId }: { photoIds: readonly string[]; sellerId: string; laptopId?: string },
): Promise<PhotoMatch[]> {
  if (photoIds.length === 0) return [];
  // Two steps, so that the photos are scanned once for all the given hashes and only the few near
  // ones are looked up on listings (one statement let the planner join every listing's photos first).
  const near = await db
    .select({
      photo_id: photos.id,
      photo_url: photos.url,
      match_photo_id: match.id,
      match_url: match.url,
      distance:
        sql<number>`case when ${match.id} = ${photos.id} then 0 else ${distance(photos.phash, match.phash)} end`.mapWith(
          Number,
        ),
    })
    .from(photos)
    .innerJoin(
      match,
      or(eq(match.id, photos.id), sql`${distance(photos.phash, match.phash)} <= ${DUPLICATE_PHOTO_DISTANCE}`),
    )
    .where(inArray(photos.id, [...photoIds]));
  if (near.length === 0) return [];
  const holders = await db
    .select({ photoId: laptopPhotos.photoId, id: laptops.id, name: laptops.name })
    .from(laptopPhotos)
    .innerJoin(laptops, eq(laptops.id, laptopPhotos.laptopId))
    .where(
      and(
        inArray(laptopPhotos.photoId, [...new Set(near.map((n) => n.match_photo_id))]),
        ne(laptops.sellerId, sellerId),
        laptopId ? ne(laptops.id, laptopId) : undefined,
      ),
    );
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return near
    .flatMap((n) =>
      holders
        .filter((h) => h.photoId === n.match_photo_id)
        .map((h) => ({ ...n, match_laptop_id: h.id, match_laptop_name: h.name })),
    )
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        order(a.photo_id, b.photo_id) ||
        order(a.match_laptop_id, b.match_laptop_id) ||
        order(a.match_photo_id, b.match_photo_id),
    )
    .slice(0, PHOTO_MATCHES_MAX);
}
