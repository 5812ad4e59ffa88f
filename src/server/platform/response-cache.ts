import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { AppError } from './errors.ts';
import { outageCause } from './outage.ts';

// The process's one cache of answers (docs/decisions/0031): serialized answers in a maintained LRU,
// so hot reads (home page, category pages) do not touch the database per request. In front of it an
// edge (nginx, a CDN) may keep them too, as their Cache-Control allows (platform/http/cache.ts). A
// successful write clears the tags it declares; with several instances another instance's writes
// show within `ttlMs`. Concurrent misses for one key share a single load; each answer is compressed
// at most once per encoding.
export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

export class CachedBody {
  readonly etag: string;
  private readonly compressed: Partial<Record<Encoding, Buffer>> = {};

  constructor(
    readonly body: string,
    /** Headers that belong to the answer (a list page's `Link`), sent with it from the cache. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    this.etag = etagOf(body);
  }

  private utf8: Buffer | undefined;

  /** The body's bytes as they go out uncompressed, encoded once (a page with Bangla costs ~50 µs each time). */
  plain(): Buffer {
    this.utf8 ??= Buffer.from(this.body);
    return this.utf8;
  }

  /** The body in `encoding`, compressed on first use. */
  encoded(encoding: Encoding): Buffer {
    let bytes = this.compressed[encoding];
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.body, { level: 6 });
      this.compressed[encoding] = bytes;
    }
    return bytes;
  }
}

/** What a load gives: the text, or the text and its headers. */
export type Loaded = string | { body: string; headers?: Record<string, string> };

/** Answers kept at most; the least recently used go first. Search texts and cursors are the client's to vary. */
export const MAX_ENTRIES = 1_000;
/** Bytes of answer text kept at most (their compressed copies come on top, each a fraction of it). */
export const MAX_BYTES = 64 * 1024 * 1024;

/**
 * How long an answer that is no longer current (expired, or cleared by a write) may still be served
 * when loading it again fails because a dependency is away (`stale-if-error`, RFC 5861).
 */
export const STALE_IF_ERROR_MS = 24 * 60 * 60_000;

/** An answer from the cache, and whether it is an old one served because loading a new one failed. */
export interface Served {
  value: CachedBody;
  stale: boolean;
  /** Milliseconds since a stale answer was loaded (0 for a current one). */
  ageMs: number;
}

interface Entry<Tag> {
  value: CachedBody;
  tag: Tag;
  /** The tag's generation when its load began: a later write (a higher generation) makes it old. */
  generation: number;
  expiresAt: number;
  storedAt: number;
}

/**
 * Cached answers by key, each under a tag naming what it shows (`laptops`, `orders`, …) so a write
 * clears only the answers it can change. A cleared or expired answer is never served while a new
 * one can be loaded; it is kept (within `maxEntries`, for up to `staleMs`) only to be served when
 * loading fails with an outage (`isOutage`): an old page beats an error page while the database is away.
 */
export class ResponseCache<Tag extends string = string> {
  private readonly entries: LRUCache<string, Entry<Tag>>;
  private readonly loading = new Map<string, { promise: Promise<Served>; tag: Tag }>();
  private readonly generations = new Map<Tag, number>();
  /** Answers found cached, and answers that had to be loaded (or waited for a load under way). */
  hits = 0;
  misses = 0;
  /** Old answers served because a load failed with an outage. */
  stale = 0;

  private readonly ttlMs: () => number;

  constructor(
    /** How long an answer lives, read whenever one is stored (it may change: platform/http/cache.ts). */
    ttlMs: number | (() => number),
    private readonly now: () => number = Date.now,
    maxEntries = MAX_ENTRIES,
    private readonly options: { isOutage?: (error: unknown) => boolean; staleMs?: number } = {},
  ) {
    this.ttlMs = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
    // Freshness is ours (lifetime and tag generation); the LRU bounds how many answers, and how many
    // bytes, are kept, current or old.
    this.entries = new LRUCache({
      max: maxEntries,
      maxSize: MAX_BYTES,
      sizeCalculation: (entry) => Math.max(1, entry.value.body.length),
    });
  }

  /** The answer for `key`: cached, or the text `load` gives, kept under `tag`. */
  async get(key: string, tag: Tag, load: () => Promise<Loaded>): Promise<CachedBody> {
    return (await this.serve(key, tag, load)).value;
  }

  /**
   * `get`, saying whether the answer is an old one: when `load` fails with an outage and the key had
   * an answer within `staleMs`, that answer is given (`stale: true`) instead of the error.
   */
  serve(key: string, tag: Tag, load: () => Promise<Loaded>): Promise<Served> {
    const hit = this.entries.get(key);
    if (hit && this.isFresh(hit)) {
      this.hits += 1;
      return Promise.resolve({ value: hit.value, stale: false, ageMs: 0 });
    }
    this.misses += 1;
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const promise = this.load(key, tag, load, this.generation(tag)).finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { promise, tag });
    return promise;
  }

  /** The current answer for `key`, if one is cached and fresh; never loads. */
  peek(key: string): CachedBody | undefined {
    const hit = this.entries.peek(key);
    return hit && this.isFresh(hit) ? hit.value : undefined;
  }

  /** The fresh answers cached under `tag`. */
  entriesOf(tag: Tag): CachedBody[] {
    return [...this.entries.values()].filter((e) => e.tag === tag && this.isFresh(e)).map((e) => e.value);
  }

  private isFresh(entry: Entry<Tag>): boolean {
    return entry.expiresAt > this.now() && entry.generation === this.generation(entry.tag);
  }

  private generation(tag: Tag): number {
    return this.generations.get(tag) ?? 0;
  }

  private async load(key: string, tag: Tag, load: () => Promise<Loaded>, generation: number): Promise<Served> {
    let loaded: Loaded;
    try {
      loaded = await load();
    } catch (error) {
      const old = this.entries.peek(key);
      const staleMs = this.options.staleMs ?? STALE_IF_ERROR_MS;
      const isOutage = this.options.isOutage ?? isOutageError;
      if (old && old.storedAt + staleMs > this.now() && isOutage(error)) {
        this.stale += 1;
        return { value: old.value, stale: true, ageMs: this.now() - old.storedAt };
      }
      throw error;
    }
    const value = typeof loaded === 'string' ? new CachedBody(loaded) : new CachedBody(loaded.body, loaded.headers);
    // A write that landed while we were loading makes this answer stale: serve it, don't keep it.
    if (generation === this.generation(tag)) {
      const now = this.now();
      this.entries.set(key, { value, tag, generation, expiresAt: now + this.ttlMs(), storedAt: now });
    }
    return { value, stale: false, ageMs: 0 };
  }

  /**
   * Forgets the answers under these tags (all of them when none are given): none is served again
   * while loading works; they are kept only as the stale-if-error fallback.
   */
  clear(tags?: readonly Tag[]): void {
    const cleared = (tag: Tag) => !tags || tags.includes(tag);
    const all = new Set([...this.entries.values(), ...this.loading.values()].map((e) => e.tag));
    for (const tag of tags ?? all) this.generations.set(tag, this.generation(tag) + 1);
    // Loads already running started before the write: later readers must not wait on them.
    for (const [key, pending] of this.loading) if (cleared(pending.tag)) this.loading.delete(key);
  }
}

/** An unreachable dependency, met directly or reported by a route that met it (503 `unavailable`). */
export function isOutageError(error: unknown): boolean {
  return outageCause(error) !== undefined || (error instanceof AppError && error.code === 'unavailable');
}

/**
 * A weak entity tag of the text: the same answer sent plain, gzip or brotli is one entity to a cache
 * revalidating it, but not the same bytes, which a strong tag would promise (RFC 9110, 8.8.1).
 */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the client's If-None-Match names this entity tag (a list, weak comparison: RFC 9110, 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

// Browsers send one of a handful of Accept-Encoding values: each is parsed once (bounded, so
// invented values cannot grow memory).
const MAX_NEGOTIATED = 64;
const negotiated = new Map<string, Encoding | undefined>();

/** The best encoding the client accepts (brotli before gzip), ignoring q-values other than 0. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (negotiated.has(acceptEncoding)) return negotiated.get(acceptEncoding);
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
  if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
  negotiated.set(acceptEncoding, encoding);
  return encoding;
}
