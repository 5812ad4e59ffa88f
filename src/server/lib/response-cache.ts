import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Serialized answers, kept in process memory so hot reads (home page, category pages) do not
// touch the database per request (docs/performance.md). A successful write clears the tags it
// declares; with several instances on PostgreSQL another instance's writes show within `ttlMs`.
// Concurrent misses for one key share a single load; each answer is compressed at most once per
// encoding.
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

/** Answers kept at most; the oldest go first. Search texts and cursors are the client's to vary. */
export const MAX_ENTRIES = 1_000;

/**
 * Cached answers by key, each under a tag naming what it shows (`laptops`, `orders`, …) so a write
 * clears only the answers it can change.
 */
export class ResponseCache<Tag extends string = string> {
  private readonly entries = new Map<string, { value: CachedBody; expiresAt: number; tag: Tag }>();
  private readonly loading = new Map<string, { promise: Promise<CachedBody>; tag: Tag }>();
  private readonly generations = new Map<Tag, number>();
  /** Answers found cached, and answers that had to be loaded (or waited for a load under way). */
  hits = 0;
  misses = 0;

  private readonly ttlMs: () => number;

  constructor(
    /** How long an answer lives, read whenever one is stored (it may change: plugins/cache.ts). */
    ttlMs: number | (() => number),
    private readonly now: () => number = Date.now,
    private readonly maxEntries = MAX_ENTRIES,
  ) {
    this.ttlMs = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
  }

  /** The answer for `key`: cached, or the text `load` gives, kept under `tag`. */
  get(key: string, tag: Tag, load: () => Promise<Loaded>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      this.hits += 1;
      return Promise.resolve(hit.value);
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
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit.value : undefined;
  }

  /** The fresh answers cached under `tag`. */
  entriesOf(tag: Tag): CachedBody[] {
    const now = this.now();
    return [...this.entries.values()].filter((e) => e.tag === tag && e.expiresAt > now).map((e) => e.value);
  }

  private generation(tag: Tag): number {
    return this.generations.get(tag) ?? 0;
  }

  private async load(key: string, tag: Tag, load: () => Promise<Loaded>, generation: number): Promise<CachedBody> {
    const loaded = await load();
    const value = typeof loaded === 'string' ? new CachedBody(loaded) : new CachedBody(loaded.body, loaded.headers);
    // A write that landed while we were loading makes this answer stale: serve it, don't keep it.
    if (generation === this.generation(tag)) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs(), tag });
    }
    return value;
  }

  /** Forgets the answers under these tags (all of them when none are given). */
  clear(tags?: readonly Tag[]): void {
    const cleared = (tag: Tag) => !tags || tags.includes(tag);
    for (const tag of tags ?? new Set([...this.entries.values()].map((e) => e.tag))) {
      this.generations.set(tag, this.generation(tag) + 1);
    }
    for (const [key, entry] of this.entries) if (cleared(entry.tag)) this.entries.delete(key);
    // Loads already running started before the write: later readers must not wait on them.
    for (const [key, pending] of this.loading) {
      if (cleared(pending.tag)) {
        this.generations.set(pending.tag, this.generation(pending.tag) + 1);
        this.loading.delete(key);
      }
    }
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the client's If-None-Match names this entity tag (weak or strong, or a list). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
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
