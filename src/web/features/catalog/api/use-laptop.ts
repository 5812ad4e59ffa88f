import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
// Types only: the shared zod schemas would pull zod into the client's first load.
import type { LaptopDetail } from '../../../../shared/search.ts';
import { apiGet } from '../../../lib/api-client.ts';

// GET /api/laptops/{id} (public): the listing page's laptop. The server renders the page once for
// everyone, so what it fetches is the public answer; the seller's contact, which only signed-in
// users may see, is asked for again in the browser under a key of its own (`laptopContactQuery`).

export const laptopKey = (id: string) => ['laptops', 'one', id] as const;

export function getLaptop(id: string, signal?: AbortSignal): Promise<LaptopDetail> {
  return apiGet<LaptopDetail>(`/laptops/${encodeURIComponent(id)}`, { signal });
}

export const laptopQuery = (id: string) =>
  queryOptions({
    queryKey: laptopKey(id),
    queryFn: ({ signal }) => getLaptop(id, signal),
    // The route loader has just fetched it; without this the page would fetch it again on mount.
    staleTime: 30_000,
  });

/** For the page whose route loader already ran `ensureQueryData(laptopQuery(id))`. */
export function useLaptop(id: string) {
  return useSuspenseQuery(laptopQuery(id));
}

/** The laptop as the signed-in user may see it (one request for the contact and the review). */
const viewedLaptopQuery = (id: string, viewerEmail: string | undefined) =>
  queryOptions({
    queryKey: [...laptopKey(id), 'contact', viewerEmail ?? ''] as const,
    queryFn: ({ signal }) => getLaptop(id, signal),
    enabled: Boolean(viewerEmail),
    staleTime: 30_000,
  });

/**
 * A held listing's review (docs/product.md#moderation): only its seller and the admin are sent one;
 * null for everyone else and for a published listing.
 */
export function useLaptopReview(id: string, viewerEmail: string | undefined) {
  return useQuery({
    ...viewedLaptopQuery(id, viewerEmail),
    select: (laptop: LaptopDetail) =>
      laptop.review && laptop.review.review_status !== 'published' ? laptop.review : null,
  });
}

/** The same laptop as the signed-in user may see it: with the seller's phone and e-mail. */
export function useLaptopContact(id: string, viewerEmail: string | undefined) {
  return useQuery({
    ...viewedLaptopQuery(id, viewerEmail),
    select: (laptop) =>
      laptop.seller_email && laptop.sellerMobileNumber
        ? { email: laptop.seller_email, phone: laptop.sellerMobileNumber }
        : null,
  });
}
