import { describe, expect, it } from 'vitest';
import { matchesEtag, preferredEncoding, ResponseCache } from './response-cache.ts';

describe('ResponseCache', () => {
  it('loads once until cleared or expired', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ResponseCache(1_000, () => now);
    const load = async () => JSON.stringify({ n: ++loads });
    expect((await cache.get('k', 'laptops', load)).body).toBe('{"n":1}');
    expect((await cache.get('k', 'laptops', load)).body).toBe('{"n":1}');
    cache.clear();
    expect((await cache.get('k', 'laptops', load)).body).toBe('{"n":2}');
    now = 1_001;
    expect((await cache.get('k', 'laptops', load)).body).toBe('{"n":3}');
  });

  it('keeps at most maxEntries answers, dropping the oldest, and keeps their headers', async () => {
    const cache = new ResponseCache(60_000, Date.now, 2);
    let loads = 0;
    const load = async () => ({ body: String(++loads), headers: { link: `<${loads}>` } });
    await cache.get('a', 'laptops', load);
    await cache.get('b', 'laptops', load);
    await cache.get('c', 'laptops', load);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')?.body).toBe('2');
    expect(cache.peek('c')?.headers).toEqual({ link: '<3>' });
  });

  it('does not keep an answer loaded across a write', async () => {
    const cache = new ResponseCache(60_000);
    let release = () => {};
    const slow = cache.get(
      'k',
      'laptops',
      () => new Promise<string>((r) => (release = () => r(JSON.stringify({ v: 'old' })))),
    );
    cache.clear();
    release();
    expect((await slow).body).toBe('{"v":"old"}');
    expect((await cache.get('k', 'laptops', async () => JSON.stringify({ v: 'new' }))).body).toBe('{"v":"new"}');
  });

  it('clears only the answers under the tags a write names', async () => {
    const cache = new ResponseCache<'laptops' | 'content'>(60_000);
    let loads = 0;
    const load = async () => JSON.stringify({ n: ++loads });
    await cache.get('ads', 'laptops', load);
    const blog = await cache.get('blog', 'content', load);
    cache.clear(['laptops']);
    expect(cache.peek('ads')).toBeUndefined();
    expect(cache.peek('blog')).toBe(blog);
    expect(cache.entriesOf('content')).toEqual([blog]);
    cache.clear();
    expect(cache.entriesOf('content')).toEqual([]);
  });

  it('matches entity tags as HTTP does', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});

describe('ResponseCache under concurrent misses', () => {
  it('loads once for readers that arrive together, and again after a write', async () => {
    const cache = new ResponseCache(60_000);
    let loads = 0;
    let release = () => {};
    const load = () => new Promise<string>((r) => (release = () => r(JSON.stringify({ n: ++loads }))));
    const together = [
      cache.get('k', 'laptops', load),
      cache.get('k', 'laptops', load),
      cache.get('k', 'laptops', load),
    ];
    release();
    expect((await Promise.all(together)).map((e) => e.body)).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    // Readers that waited for a load were not answered from the cache: misses, as the metrics count them.
    await cache.get('k', 'laptops', load);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 3 });

    const before = cache.get('k2', 'laptops', load);
    const stale = release;
    cache.clear();
    const after = cache.get('k2', 'laptops', load);
    stale();
    release();
    expect((await before).body).toBe('{"n":2}');
    expect((await after).body).toBe('{"n":3}');
  });

  it('compresses an answer once per encoding, and the bytes decompress to the body', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const cache = new ResponseCache(60_000);
    const entry = await cache.get('k', 'laptops', async () => JSON.stringify({ text: 'laptop '.repeat(500) }));
    expect(entry.encoded('br')).toBe(entry.encoded('br'));
    expect(brotliDecompressSync(entry.encoded('br')).toString()).toBe(entry.body);
    expect(gunzipSync(entry.encoded('gzip')).toString()).toBe(entry.body);
  });

  it('picks brotli, then gzip, from Accept-Encoding', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
