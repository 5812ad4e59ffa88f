import { describe, expect, it, vi } from 'vitest';
import { expectConsoleErrors } from '../test/console.ts';
import { ApiError } from './api-client.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('query defaults', () => {
  it('backs off exponentially from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries failures up to 3 times', () => {
    const serverError = new ApiError(500, 'internal', 'boom');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError(0, 'network', 'offline'))).toBe(true);
    expect(shouldRetry(2, new TypeError('x'))).toBe(true);
  });

  it('does not retry a final 4xx answer, but does retry 408 and 429', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'no'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'unauthenticated', 'no'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'rate_limited', 'wait'))).toBe(true);
  });

  it('keeps unused data for 5 minutes', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.gcTime).toBe(5 * 60 * 1000);
    expect(options?.retryDelay).toBe(retryDelay);
    expect(options?.retry).toBe(shouldRetry);
  });

  it('logs a failed load, but not a 404: that is an answer the page shows', async () => {
    expectConsoleErrors();
    const log = vi.mocked(console.error);
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const fail = (key: string, error: ApiError) =>
      client.fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error) }).catch(() => {});
    await fail('gone', new ApiError(404, 'not_found', 'Laptop not found'));
    expect(log).not.toHaveBeenCalled();
    await fail('broken', new ApiError(500, 'internal', 'boom'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('[api] ["broken"] failed:');
  });
});
