import { describe, expect, it } from 'vitest';
import { matchesEtag, ResponseCache } from './response-cache.ts';

describe('ResponseCache', () => {
  it('loads once until cleared or expired', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ResponseCache(1_000, () => now);
    const load = async () => ({ n: ++loads });
    expect((await cache.get('k', load)).body).toBe('{"n":1}');
    expect((await cache.get('k', load)).body).toBe('{"n":1}');
    cache.clear();
    expect((await cache.get('k', load)).body).toBe('{"n":2}');
    now = 1_001;
    expect((await cache.get('k', load)).body).toBe('{"n":3}');
  });

  it('does not keep an answer loaded across a write', async () => {
    const cache = new ResponseCache(60_000);
    let release = () => {};
    const slow = cache.get('k', () => new Promise((r) => (release = () => r({ v: 'old' }))));
    cache.clear();
    release();
    expect((await slow).body).toBe('{"v":"old"}');
    expect((await cache.get('k', async () => ({ v: 'new' }))).body).toBe('{"v":"new"}');
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
