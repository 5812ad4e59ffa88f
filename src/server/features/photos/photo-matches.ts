import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PhotoMatch } from '../../../shared/moderation.ts';
import type { Db } from '../../platform/db/client.ts';
import { laptops } from '../laptops/schema.ts';
import { laptopPhotos, photos } from './schema.ts';

/** Photos differing in at most this many bits of their perceptual hashes are one photo. */
export const PHOTO_MATCH_DISTANCE = 10;

/**
 * The photos on other sellers' listings that look like `photoIds` (docs/photos.md#matching): the
 * same photo, or one whose perceptual hash is within PHOTO_MATCH_DISTANCE bits.
 */
export async function findPhotoMatches(
  db: Db,
  { photoIds, sellerId, laptopId }: { photoIds: readonly string[]; sellerId: string; laptopId?: string | null },
): Promise<PhotoMatch[]> {
  if (photoIds.length === 0) return [];
  const mine = db
    .select({ id: photos.id, url: photos.url, phash: photos.phash })
    .from(photos)
    .where(inArray(photos.id, [...photoIds]))
    .as('mine');
  const distance = sql<number>`case when ${mine.id} = ${photos.id} then 0 else bit_count((${mine.phash} # ${photos.phash})::bit(64))::int end`;
  const rows = await db
    .select({
      photoId: mine.id,
      photoUrl: mine.url,
      matchPhotoId: photos.id,
      matchUrl: photos.url,
      matchLaptopId: laptops.id,
      matchLaptopName: laptops.name,
      distance,
    })
    .from(mine)
    .innerJoin(
      photos,
      sql`${mine.id} = ${photos.id} or bit_count((${mine.phash} # ${photos.phash})::bit(64)) <= ${PHOTO_MATCH_DISTANCE}`,
    )
    .innerJoin(laptopPhotos, eq(laptopPhotos.photoId, photos.id))
    .innerJoin(laptops, eq(laptops.id, laptopPhotos.laptopId))
    .where(and(ne(laptops.sellerId, sellerId), laptopId ? ne(laptops.id, laptopId) : undefined))
    .orderBy(distance)
    .limit(20);
  return rows.map((r) => ({
    photo_id: r.photoId,
    photo_url: r.photoUrl,
    match_photo_id: r.matchPhotoId,
    match_url: r.matchUrl,
    match_laptop_id: r.matchLaptopId,
    match_laptop_name: r.matchLaptopName,
    distance: r.distance,
  }));
}
