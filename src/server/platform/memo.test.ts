import { describe, expect, it } from 'vitest';
import { Memo } from './memo.ts';

describe('Memo', () => {
  it('forgets entries after their time', () => {
    let now = 1_000;
    const cache = new Memo<string>(5_000, 10, () => now);
    cache.set('a', 'x');
    expect(cache.get('a')).toBe('x');
    now = 6_001;
    expect(cache.get('a')).toBeUndefined();
    // What the metrics read (docs/operations.md#metrics): one hit, then an expired entry's miss.
    expect(cache.get('b')).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('remembers null (nobody), and drops the entry used longest ago when full', () => {
    const cache = new Memo<string | null>(5_000, 2);
    cache.set('anonymous', null);
    cache.set('b', 'x');
    expect(cache.get('anonymous')).toBeNull();
    cache.set('c', 'y');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('anonymous')).toBeNull();
  });

  it('drops a value loaded across a clear, so a lookup racing a change cannot bring back what it cleared', () => {
    const cache = new Memo<string>(5_000);
    const generation = cache.generation;
    // …a lookup is under way when a deletion clears the cache…
    cache.clear();
    cache.set('session', 'deleted user', generation);
    expect(cache.get('session')).toBeUndefined();
    cache.set('session', 'fresh lookup', cache.generation);
    expect(cache.get('session')).toBe('fresh lookup');
  });
});

describe('Memo.forget', () => {
  it('forgets only the matching entries, and a value loaded across it', () => {
    const cache = new Memo<{ user: string }>(5_000);
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
