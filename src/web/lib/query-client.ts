import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

const MAX_RETRIES = 3;

// 3 retries, exponential backoff capped at 30 s, 5 minutes cache time (docs/product.md#client-timings).
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

// A 4xx is the server's final answer (an unknown category stays unknown), so only network
// failures and 5xx are worth the three retries; retrying a 404 would keep the user
// staring at a spinner for seven seconds (docs/decisions/0007-client-retries-and-home-head-start.md).
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  return failureCount < MAX_RETRIES;
}

export const queryDefaults = {
  retry: shouldRetry,
  retryDelay,
  gcTime: 5 * 60 * 1000,
} as const;

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    // Failed calls are logged here; screens decide what to show in their place (docs/product.md#failed-calls).
    // A 404 is an answer (the page says "not found"), not a failure: the server renders those daily.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error, 404)) return;
        console.error(`[api] ${JSON.stringify(query.queryKey)} failed:`, error);
      },
    }),
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { ...queryDefaults, ...config.defaultOptions?.queries },
    },
  });
}
