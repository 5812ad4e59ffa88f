import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
// Types only: the shared zod schemas would pull zod into the page's chunk for nothing.
import type {
  OrderReviewState,
  OwnReview,
  ReportedReviewPage,
  ReviewInput,
  ReviewPage,
} from '../../../../shared/reviews.ts';
import type { Seller, SellerLaptopPage } from '../../../../shared/sellers.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

// Seller pages and ratings (docs/product.md#seller-pages, #ratings). A seller's record, reviews and
// listings sit under the 'laptops' keys, so a booking or a sale refreshes them with every other
// laptop list; one's own review of a deal and the admin's list are private and keyed apart.

export const sellerKey = (id: string) => ['laptops', 'seller', id] as const;
const orderReviewKey = (orderId: string) => ['reviews', 'order', orderId] as const;
const reportedKey = ['reviews', 'reported'] as const;

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;
const sellerPath = (id: string) => `/sellers/${encodeURIComponent(id)}`;

/** GET /api/sellers/{id}: the seller page's record, fetched by its route loader. */
export const sellerQuery = (id: string) =>
  queryOptions({
    queryKey: sellerKey(id),
    queryFn: ({ signal }) => apiGet<Seller>(sellerPath(id), { signal }),
    staleTime: 30_000,
  });

export function useSeller(id: string) {
  return useSuspenseQuery(sellerQuery(id));
}

/** How many of a seller's laptops and reviews a page shows at a time. */
export const SELLER_PAGE_SIZE = 12;

/** GET /api/sellers/{id}/reviews, page by page: their buyers' published reviews, newest first. */
export const sellerReviewsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...sellerKey(id), 'reviews'] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGet<ReviewPage>(withCursor(`${sellerPath(id)}/reviews?limit=${SELLER_PAGE_SIZE}`, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });

export function useSellerReviews(id: string) {
  return useInfiniteQuery(sellerReviewsQuery(id));
}

/** GET /api/sellers/{id}/laptops, page by page: their laptops for sale, newest first. */
export const sellerLaptopsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...sellerKey(id), 'laptops'] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGet<SellerLaptopPage>(withCursor(`${sellerPath(id)}/laptops?limit=${SELLER_PAGE_SIZE}`, pageParam), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });

export function useSellerLaptops(id: string) {
  return useInfiniteQuery(sellerLaptopsQuery(id));
}

/** GET /api/orders/{id}/review: where rating one deal stands for the caller; asked when its dialog opens. */
export function useOrderReview(orderId: string) {
  return useQuery({
    queryKey: orderReviewKey(orderId),
    queryFn: ({ signal }) => apiGet<OrderReviewState>(`/orders/${encodeURIComponent(orderId)}/review`, { signal }),
  });
}

/** POST /api/orders/{id}/review. */
export function useRateDeal(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      apiSend<OwnReview>('POST', `/orders/${encodeURIComponent(orderId)}/review`, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderReviewKey(orderId) });
      // Both reviews may have just become public: the seller's stars on every list.
      void queryClient.invalidateQueries({ queryKey: ['laptops'] });
    },
  });
}

/** POST /api/reviews/{id}/report. */
export function useReportReview() {
  return useMutation({
    mutationFn: (id: string) => apiSend<null>('POST', `/reviews/${encodeURIComponent(id)}/report`),
  });
}

/** GET /api/reviews/reported (admin), page by page: oldest report first. */
export function useReportedReviews() {
  return useInfiniteQuery({
    queryKey: reportedKey,
    queryFn: ({ pageParam, signal }) =>
      apiGet<ReportedReviewPage>(withCursor('/reviews/reported', pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** DELETE /api/reviews/{id} (remove) or /api/reviews/{id}/report (keep): the admin's two answers. */
export function useActOnReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'remove' | 'keep' }) =>
      apiSend<unknown>('DELETE', `/reviews/${encodeURIComponent(id)}${action === 'keep' ? '/report' : ''}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reportedKey });
      void queryClient.invalidateQueries({ queryKey: ['laptops'] });
    },
  });
}
