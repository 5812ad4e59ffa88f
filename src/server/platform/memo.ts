import { LRUCache } from 'lru-cache';

/**
 * Remembered lookups that are not answers (who a cookie belongs to, what a search learnt about the
 * catalogue): a bounded LRU whose entries expire, and a generation so a value looked up across a
 * change is not remembered after it (docs/decisions/0031).
 */
export class Memo<V extends NonNullable<unknown> | null> {
  // lru-cache keeps no null: a remembered "nobody" is stored boxed.
  private readonly entries: LRUCache<string, { value: V }>;
  private clears = 0;
  /** Lookups answered from memory, and lookups that found nothing (the metrics read both). */
  hits = 0;
  misses = 0;

  constructor(ttlMs: number, max = 10_000, now?: () => number) {
    // A clock given (tests) is read at every lookup: lru-cache otherwise reuses a reading for 1 ms.
    this.entries = new LRUCache({ max, ttl: ttlMs, ...(now ? { perf: { now }, ttlResolution: 0 } : {}) });
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (e) this.hits += 1;
    else this.misses += 1;
    return e?.value;
  }

  /** A mark to pass to `set` for a value loaded from now on. */
  get generation(): number {
    return this.clears;
  }

  /**
   * Remembers `value`; given the `generation` read before the value was loaded, a value loaded
   * across a `clear()` is dropped, so a lookup that raced a change cannot bring back what it cleared.
   */
  set(key: string, value: V, generation = this.clears): void {
    if (generation === this.clears) this.entries.set(key, { value });
  }

  clear(): void {
    this.clears += 1;
    // lru-cache's clear() refills its arrays of `max` slots even when nothing is in them, and every
    // booking clears the search memo: that was 4 % of the server's time booking on PGlite.
    if (this.entries.size > 0) this.entries.clear();
  }

  /** Forgets the entries whose value matches; like `clear`, a value loaded across it is not remembered. */
  forget(matches: (value: V) => boolean): void {
    this.clears += 1;
    for (const [key, e] of this.entries.entries()) if (matches(e.value)) this.entries.delete(key);
  }
}
