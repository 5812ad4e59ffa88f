import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
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

  it('keeps at most maxEntries answers, dropping the least recently used, and keeps their headers', async () => {
    const cache = new ResponseCache(60_000, Date.now, 2);
    let loads = 0;
    const load = async () => ({ body: String(++loads), headers: { link: `<${loads}>` } });
    await cache.get('a', 'laptops', load);
    await cache.get('b', 'laptops', load);
    // 'a' is read again: 'b' is now the one used longest ago.
    await cache.get('a', 'laptops', load);
    await cache.get('c', 'laptops', load);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')?.body).toBe('1');
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
    // Our own tags are weak; a client or an edge may send them either way.
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
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

describe('ResponseCache when a dependency is away (stale-if-error)', () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('serves the last good answer when reloading an expired one meets an outage, and says so', async () => {
    let now = 0;
    const cache = new ResponseCache(1_000, () => now);
    await cache.get('k', 'laptops', async () => '{"v":1}');
    now = 5_000;
    const served = await cache.serve('k', 'laptops', () => Promise.reject(refused()));
    expect(served).toMatchObject({ stale: true, ageMs: 5_000 });
    expect(served.value.body).toBe('{"v":1}');
    expect(cache.stale).toBe(1);
    // Never the current answer: the next request tries to load again, and a good load wins.
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.serve('k', 'laptops', async () => '{"v":2}')).toMatchObject({ stale: false });
    expect(cache.peek('k')?.body).toBe('{"v":2}');
  });

  it('lets a fresh answer win over a cleared one whenever loading works', async () => {
    const cache = new ResponseCache(60_000);
    await cache.get('k', 'laptops', async () => '{"v":"before the write"}');
    cache.clear(['laptops']);
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.serve('k', 'laptops', async () => '{"v":"after the write"}')).value.body).toBe(
      '{"v":"after the write"}',
    );
    // Cleared again, then the database goes away: the last good answer is the one served.
    cache.clear(['laptops']);
    const served = await cache.serve('k', 'laptops', () => Promise.reject(refused()));
    expect(served).toMatchObject({ stale: true });
    expect(served.value.body).toBe('{"v":"after the write"}');
  });

  it('gives every reader waiting on the failed load the old answer', async () => {
    let now = 0;
    const cache = new ResponseCache(1_000, () => now);
    await cache.get('k', 'laptops', async () => 'old');
    now = 2_000;
    let fail = () => {};
    const load = () => new Promise<string>((_, reject) => (fail = () => reject(refused())));
    const together = [cache.serve('k', 'laptops', load), cache.serve('k', 'laptops', load)];
    fail();
    expect((await Promise.all(together)).map((s) => [s.value.body, s.stale])).toEqual([
      ['old', true],
      ['old', true],
    ]);
  });

  it('passes on errors that are not outages, and outages with nothing to fall back on', async () => {
    let now = 0;
    const cache = new ResponseCache(1_000, () => now);
    await expect(cache.serve('none', 'laptops', () => Promise.reject(refused()))).rejects.toThrow(/ECONNREFUSED/);
    await cache.get('k', 'laptops', async () => 'old');
    now = 2_000;
    await expect(cache.serve('k', 'laptops', () => Promise.reject(new TypeError('a bug')))).rejects.toThrow('a bug');
    // A route that met the outage itself says so with 503 `unavailable`.
    expect((await cache.serve('k', 'laptops', () => Promise.reject(new AppError('unavailable')))).stale).toBe(true);
  });

  it('keeps old answers only for staleMs, and no more of them than maxEntries', async () => {
    let now = 0;
    const cache = new ResponseCache(1_000, () => now, 2, { staleMs: 10_000 });
    await cache.get('a', 'laptops', async () => 'a');
    now = 10_001;
    await expect(cache.serve('a', 'laptops', () => Promise.reject(refused()))).rejects.toThrow(/ECONNREFUSED/);
    await cache.get('b', 'laptops', async () => 'b');
    await cache.get('c', 'laptops', async () => 'c');
    await cache.get('d', 'laptops', async () => 'd');
    cache.clear();
    await expect(cache.serve('b', 'laptops', () => Promise.reject(refused()))).rejects.toThrow(/ECONNREFUSED/);
    expect((await cache.serve('d', 'laptops', () => Promise.reject(refused()))).value.body).toBe('d');
  });
});
