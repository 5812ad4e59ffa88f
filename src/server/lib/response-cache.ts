import { createHash } from 'node:crypto';

// Serialized public answers, kept in process memory so hot reads (home page, category pages) do
// not touch the database per request (issue 8). Every successful API write clears it; with
// several instances on PostgreSQL another instance's writes show within `ttlMs`.
export interface CachedBody {
  body: string;
  etag: string;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedBody & { expiresAt: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit;
    const generation = this.generation;
    const body = JSON.stringify(await load());
    const entry = { body, etag: etagOf(body), expiresAt: this.now() + this.ttlMs };
    // A write that landed while we were loading makes this answer stale: serve it, don't keep it.
    if (generation === this.generation) this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
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
