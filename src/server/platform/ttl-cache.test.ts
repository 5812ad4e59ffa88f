import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('forgets entries after their time', () => {
    let now = 0;
    const cache = new TtlCache<string>(5_000, 10, () => now);
    cache.set('a', 'x');
    expect(cache.get('a')).toBe('x');
    now = 5_000;
    expect(cache.get('a')).toBeUndefined();
    // What the metrics read (docs/operations.md#metrics): one hit, then an expired entry's miss.
    expect(cache.get('b')).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('drops a value loaded across a clear, so a lookup racing a change cannot bring back what it cleared', () => {
    const cache = new TtlCache<string>(5_000);
    const generation = cache.generation;
    // …a lookup is under way when a deletion clears the cache…
    cache.clear();
    cache.set('session', 'deleted user', generation);
    expect(cache.get('session')).toBeUndefined();
    cache.set('session', 'fresh lookup', cache.generation);
    expect(cache.get('session')).toBe('fresh lookup');
  });
});

describe('TtlCache.forget', () => {
  it('forgets only the matching entries, and a value loaded across it', () => {
    const cache = new TtlCache<{ user: string }>(5_000);
    cache.set('cookie-a', { user: 'a' });
    cache.set('cookie-b', { user: 'b' });
    const generation = cache.generation;
    cache.forget((v) => v.user === 'a');
    expect(cache.get('cookie-a')).toBeUndefined();
    expect(cache.get('cookie-b')).toEqual({ user: 'b' });
    cache.set('cookie-a2', { user: 'a' }, generation);
    expect(cache.get('cookie-a2')).toBeUndefined();
  });
});
