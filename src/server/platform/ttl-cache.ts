/** A small map whose entries expire, bounded in size (oldest first out). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private clears = 0;
  /** Lookups answered from the cache, and lookups that found nothing (the metrics read both). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) {
      this.misses += 1;
      return undefined;
    }
    if (e.expiresAt <= this.now()) {
      this.entries.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return e.value;
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
    if (generation !== this.clears) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }

  /** Forgets the entries whose value matches; like `clear`, a value loaded across it is not remembered. */
  forget(matches: (value: V) => boolean): void {
    this.clears += 1;
    for (const [key, e] of this.entries) if (matches(e.value)) this.entries.delete(key);
  }
}
