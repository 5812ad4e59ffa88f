import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../db/change-feed.ts';

// What a successful write changed, told at once to this instance's caches and, through the change
// feed (platform/db/change-feed.ts), to those of every other instance on the same database: cached answers
// under some tags (platform/http/cache.ts) and who a session or token belongs to (features/auth/authentication.ts).

/**
 * What a cached answer shows; a write names the tags whose answers it can change. Rendered pages
 * ('pages') show a bit of everything: every write that clears any tag clears them too.
 */
export const CACHE_TAGS = ['content', 'laptops', 'orders', 'pages'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

export interface Change {
  /** Cached answers showing these may be out of date. */
  tags?: readonly CacheTag[];
  /** A session, token or account changed: remembered actors may be out of date. */
  identity?: boolean;
  /** Whose sessions or accounts changed, when known: only theirs are forgotten and checked again. */
  users?: readonly string[];
  /** Who blocked or unblocked someone: the sellers hidden from their lists are looked up again. */
  blockers?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

const TOPIC = 'change';

export class Changes {
  private readonly handlers: ((change: Change) => void)[] = [];

  constructor(
    private readonly feed: ChangeFeed,
    private readonly onError: (error: unknown) => void,
  ) {
    feed.onMessage((message) => {
      if (message.topic !== TOPIC) return;
      const change = parseChange(message.data);
      if (change) this.apply(change);
    });
    // Messages may have been missed: everything remembered may be out of date.
    feed.onGap(() => this.apply({ tags: CACHE_TAGS, identity: true }));
  }

  /** True while the other instances' changes reach this one as they happen. */
  get live(): boolean {
    return this.feed.live;
  }

  /** Calls `handler` with every change, this instance's and the others'. */
  on(handler: (change: Change) => void): void {
    this.handlers.push(handler);
  }

  /** Applies a change here at once, and sends it to the other instances. */
  announce(change: Change): void {
    this.apply(change);
    this.feed.publish({ topic: TOPIC, data: change }).catch(this.onError);
  }

  private apply(change: Change): void {
    for (const handler of this.handlers) handler(change);
  }
}

/** Another instance's message, checked: only known tags are acted on. */
function parseChange(data: unknown): Change | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { tags, identity, users, blockers } = data as {
    tags?: unknown;
    identity?: unknown;
    users?: unknown;
    blockers?: unknown;
  };
  const known = Array.isArray(tags) ? CACHE_TAGS.filter((t) => tags.includes(t)) : [];
  const ids = (list: unknown) =>
    Array.isArray(list) && list.every((u) => typeof u === 'string') ? (list as string[]) : undefined;
  const whose = ids(users);
  const blocking = ids(blockers);
  return {
    tags: known,
    identity: identity === true,
    ...(whose ? { users: whose } : {}),
    ...(blocking ? { blockers: blocking } : {}),
  };
}

export function registerChanges(app: FastifyInstance, changes: Changes): void {
  app.decorate('changes', changes);
}
