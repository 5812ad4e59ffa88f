import type { mockApi } from './fetch.ts';

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

/** Every request a `mockApi` stub saw, in order: method, path (with query) and JSON body. */
export function sentRequests(fetchMock: ReturnType<typeof mockApi>): SentRequest[] {
  return fetchMock.mock.calls.map((call) => {
    const [input, init] = call as unknown as [string, RequestInit | undefined];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    return {
      method: init?.method ?? 'GET',
      path: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.authorization,
    };
  });
}

/** jsdom has no matchMedia; react-hot-toast asks it about reduced motion. */
export function stubMatchMedia() {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
}
