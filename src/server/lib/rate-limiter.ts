import type { Redis } from 'ioredis';

// Delays after failed attempts (sign-in). Request-count limits are @fastify/rate-limit's
// (plugins/rate-limits.ts): it counts requests in fixed windows and cannot count only failures,
// forget them on success or grow the wait with each one.

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
