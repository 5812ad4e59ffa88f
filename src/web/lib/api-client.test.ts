import { describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '../test/fetch.ts';
import { ApiError, apiGet, apiGetPage, isApiError, nextPageFromLink } from './api-client.ts';

describe('apiGet', () => {
  it('GETs /api + path and returns the JSON body', async () => {
    const fetchMock = mockApi({ '/api/services': [{ _id: '1' }] });
    await expect(apiGet('/services')).resolves.toEqual([{ _id: '1' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/services', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('throws an ApiError carrying the documented error body', async () => {
    mockApi({
      '/api/categories/toys': reply(404, { error: { code: 'not_found', message: "Category 'toys' not found" } }),
    });
    const error = await apiGet('/categories/toys').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: "Category 'toys' not found" });
    expect(isApiError(error, 404)).toBe(true);
    expect(isApiError(error, 401)).toBe(false);
  });

  it('still throws an ApiError when the error body is not ours (a proxy page)', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/blog')).rejects.toMatchObject({ status: 502, code: 'internal' });
  });

  it('turns a network failure into an ApiError with code network', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet('/blog')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

describe('nextPageFromLink', () => {
  it('takes the next page from a Link header, as a path under /api', () => {
    expect(nextPageFromLink('</api/categories/casual?limit=50&cursor=abc>; rel="next"')).toBe(
      '/categories/casual?limit=50&cursor=abc',
    );
    expect(nextPageFromLink('</api/x?cursor=1>; rel="prev", </api/x?cursor=3>; rel=next')).toBe('/x?cursor=3');
  });

  it('gives null without a next link, or for one that leaves the API', () => {
    expect(nextPageFromLink(null)).toBeNull();
    expect(nextPageFromLink('</api/x?cursor=1>; rel="prev"')).toBeNull();
    expect(nextPageFromLink('<https://evil.example/x>; rel="next"')).toBeNull();
  });
});

describe('apiGetPage', () => {
  it('returns the body and the next page', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('[1,2]', {
          headers: { 'content-type': 'application/json', link: '</api/users/buyer?cursor=c2>; rel="next"' },
        }),
    );
    await expect(apiGetPage('/users/buyer')).resolves.toEqual({ data: [1, 2], next: '/users/buyer?cursor=c2' });
  });
});
