import type { Redis } from 'ioredis';

// The limits' counters (docs/security.md#rate-limits). Request counts in fixed windows are
// @fastify/rate-limit's to enforce (platform/http/rate-limits.ts), but its own stores keep a counter per
// route: "60 writes a minute per user" became 60 per write route. `Counters` keep one counter per
// key whichever route counts it. Delays after failed attempts (sign-in) are ours entirely: the
// library cannot count only failures, forget them on success or grow the wait with each one.
//
// With REDIS_URL every instance shares the counts. While Redis is unreachable each instance counts
// in its own memory (limits per instance rather than none), and says so once when Redis goes and
// once when it is back (`RedisLink`).

/** Requests per key in fixed windows of `windowMs`, starting at a key's first request. */
export interface Counters {
  /** Counts one request for `key`; gives the count so far and the milliseconds left in the window. */
  incr(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async incr(key: string, windowMs: number) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - now };
  }

  // Ended windows go first; if every window is live, the oldest (a Map keeps insertion order).
  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    while (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
  }
}

// INCR, and the window's expiry set by the request that opened it: one round trip, atomic.
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/**
 * Whether Redis answers, as its connection reports it: while it does not, the limits fall back to
 * memory at once instead of failing each command first.
 */
export class RedisLink {
  private down = false;

  constructor(
    readonly redis: Redis,
    private readonly report: { wentDown: (error?: unknown) => void; cameBack: () => void },
  ) {
    redis.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      report.cameBack();
    });
    redis.on('close', () => this.lost());
    redis.on('error', (error: unknown) => this.lost(error));
  }

  get up(): boolean {
    return this.redis.status === 'ready';
  }

  /** A command failed or the connection closed: said once until Redis is back. */
  lost(error?: unknown): void {
    if (this.down) return;
    this.down = true;
    this.report.wentDown(error);
  }
}

/** Counts in Redis while it answers (shared by every instance), in this instance's memory while not. */
export class SharedCounters implements Counters {
  private readonly memory = new MemoryCounters();

  constructor(
    private readonly link: RedisLink | undefined,
    private readonly prefix: string,
  ) {}

  async incr(key: string, windowMs: number) {
    const link = this.link;
    if (link?.up) {
      try {
        const [current, ttl] = (await link.redis.eval(INCR_SCRIPT, 1, this.prefix + key, windowMs)) as [number, number];
        return { current, ttl };
      } catch (error) {
        link.lost(error);
      }
    }
    return this.memory.incr(key, windowMs);
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

/**
 * The same in Redis (a hash of count and last failure per key), shared by every instance; in this
 * instance's memory while Redis does not answer.
 */
export class RedisFailureDelay implements FailureDelay {
  private readonly now: () => number;
  private readonly memory: MemoryFailureDelay;

  constructor(
    private readonly link: RedisLink,
    private readonly prefix: string,
    private readonly options: FailureDelayOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.memory = new MemoryFailureDelay(options);
  }

  async wait(key: string) {
    return this.either(
      async (redis) => {
        const [count, lastAt] = await redis.hmget(this.prefix + key, 'count', 'lastAt');
        if (count == null || lastAt == null) return 0;
        return secondsToWait({ count: Number(count), lastAt: Number(lastAt) }, this.options, this.now());
      },
      () => this.memory.wait(key),
    );
  }

  async fail(key: string) {
    const k = this.prefix + key;
    await this.either(
      async (redis) => {
        await redis
          .multi()
          .hincrby(k, 'count', 1)
          .hset(k, 'lastAt', String(this.now()))
          .pexpire(k, this.options.windowMs)
          .exec();
      },
      () => this.memory.fail(key),
    );
  }

  async reset(key: string) {
    await this.memory.reset(key);
    await this.either(
      async (redis) => {
        await redis.del(this.prefix + key);
      },
      async () => {},
    );
  }

  private async either<T>(shared: (redis: Redis) => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.link.up) {
      try {
        return await shared(this.link.redis);
      } catch (error) {
        this.link.lost(error);
      }
    }
    return local();
  }
}
