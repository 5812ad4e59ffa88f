import type { Redis } from 'ioredis';

/** Fixed-window counters per key: in process memory, or in Redis so several instances share them. */
export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string): Promise<number>;
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfter(key: string) {
    const w = this.current(key);
    return w && w.count >= this.limit ? Math.max(1, Math.ceil((w.resetAt - this.now()) / 1000)) : 0;
  }

  async hit(key: string) {
    const w = this.current(key);
    if (w) w.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 50_000) this.sweep();
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep() {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * The same counters in Redis. If Redis cannot be reached the limiter lets requests through and
 * says so in the log: a rate limit is a safeguard, not a reason to lock everyone out.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  async retryAfter(key: string) {
    try {
      const k = this.prefix + key;
      const [[, count], [, ttl]] = (await this.redis.multi().get(k).pttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return Number(count ?? 0) >= this.limit ? Math.max(1, Math.ceil(ttl / 1000)) : 0;
    } catch (error) {
      this.onError(error);
      return 0;
    }
  }

  async hit(key: string) {
    try {
      const k = this.prefix + key;
      await this.redis.multi().incr(k).pexpire(k, this.windowMs, 'NX').exec();
    } catch (error) {
      this.onError(error);
    }
  }

  async reset(key: string) {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.onError(error);
    }
  }
}
