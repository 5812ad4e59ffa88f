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

/**
 * Failed attempts per key (an account at an address), forgotten `windowMs` after the last one.
 * The first `free` failures cost nothing; after that each attempt must wait 1 s, doubling with each
 * further failure up to `maxDelayMs`. A delay, never a lock: the key can always try again later,
 * and other keys (the same account from another address) are not slowed at all.
 */
export interface FailureDelay {
  /** Seconds until the key may try again, or 0. */
  wait(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

interface FailureState {
  count: number;
  lastAt: number;
}

export interface FailureDelayOptions {
  free: number;
  windowMs: number;
  maxDelayMs: number;
  now?: () => number;
}

function secondsToWait(state: FailureState | undefined, o: FailureDelayOptions, now: number): number {
  if (!state || state.count < o.free) return 0;
  const delay = Math.min(1000 * 2 ** (state.count - o.free), o.maxDelayMs);
  const left = state.lastAt + delay - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

export class MemoryFailureDelay implements FailureDelay {
  private readonly failures = new Map<string, FailureState>();
  private readonly now: () => number;

  constructor(private readonly options: FailureDelayOptions) {
    this.now = options.now ?? Date.now;
  }

  async wait(key: string) {
    return secondsToWait(this.current(key), this.options, this.now());
  }

  async fail(key: string) {
    const state = this.current(key);
    this.failures.set(key, { count: (state?.count ?? 0) + 1, lastAt: this.now() });
    if (this.failures.size > 50_000) {
      for (const [k, s] of this.failures) if (s.lastAt + this.options.windowMs <= this.now()) this.failures.delete(k);
    }
  }

  async reset(key: string) {
    this.failures.delete(key);
  }

  private current(key: string) {
    const state = this.failures.get(key);
    if (state && state.lastAt + this.options.windowMs <= this.now()) {
      this.failures.delete(key);
      return undefined;
    }
    return state;
  }
}

/** The same in Redis (a hash of count and last failure per key), shared by every instance. */
export class RedisFailureDelay implements FailureDelay {
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly options: FailureDelayOptions,
    private readonly onError: (error: unknown) => void,
  ) {
    this.now = options.now ?? Date.now;
  }

  async wait(key: string) {
    try {
      const [count, lastAt] = await this.redis.hmget(this.prefix + key, 'count', 'lastAt');
      if (count == null || lastAt == null) return 0;
      return secondsToWait({ count: Number(count), lastAt: Number(lastAt) }, this.options, this.now());
    } catch (error) {
      this.onError(error);
      return 0;
    }
  }

  async fail(key: string) {
    try {
      const k = this.prefix + key;
      await this.redis
        .multi()
        .hincrby(k, 'count', 1)
        .hset(k, 'lastAt', String(this.now()))
        .pexpire(k, this.options.windowMs)
        .exec();
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
