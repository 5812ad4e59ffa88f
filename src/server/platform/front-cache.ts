import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { TrustFn } from './config.ts';
import { UNMATCHED_ROUTE } from './metrics.ts';
import { type CachedBody, preferredEncoding, type ResponseCache } from './response-cache.ts';

/** The client's address as Fastify's `request.ip` sees it under the same trust. */
function clientAddress(req: IncomingMessage, trust: TrustFn | false): string | undefined {
  if (!trust) return req.socket.remoteAddress;
  return proxyAddr(req, trust);
}

// Public cached answers, replayed straight from node:http before Fastify routes the request
// (docs/decisions/0013 and 0014). Fastify answers a URL first; the answer it sent (status 200,
// headers, bytes) is remembered here with the cache entry it came from, and later GETs of the
// same URL with the same negotiated encoding get those bytes again for as long as that entry is
// the cache's current one. A write clears the cache, so the next request falls through to Fastify,
// which loads afresh and is remembered again. Everything else (other methods, conditional
// requests, private answers, misses) takes Fastify's path unchanged.

/** Distinct URLs remembered at most; a flood of query-string variants cannot grow memory. */
const MAX_ANSWERS = 256;

interface Answer {
  key: string;
  entry: CachedBody;
  /** The route pattern that answered first (`/api/blog`, `/*`), for the metrics. */
  route: string;
  /** name, value, name, value, …: the headers Fastify sent, the request id's value last (set per answer). */
  headers: string[];
  body: Buffer;
}

export interface FrontOptions {
  /** Which proxies may name the client and host in X-Forwarded-* (as given to Fastify). */
  trustProxy: TrustFn | false;
  /** Header carrying a request id given by a proxy (Fastify's `requestIdHeader`). */
  requestIdHeader: string;
  /**
   * What else than the URL and the encoding tells answers apart, e.g. a page's language taken from
   * a cookie or Accept-Language (features/pages/language.ts).
   */
  variant?: (req: IncomingMessage) => string;
}

export class FrontCache {
  private readonly answers = new Map<string, Answer>();
  private closing = false;
  /** pino has isLevelEnabled; Fastify's no-op logger (tests) does not, and logs nothing. */
  private log: (FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }) | undefined;
  private replayed: ((route: string, seconds: number) => void) | undefined;
  /** Requests answered here, and GETs of replayable answers that went through Fastify instead. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly cache: ResponseCache,
    private readonly options: FrontOptions,
  ) {}

  /** Logs each replayed request as Fastify would, when its level logs requests. */
  setLogger(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** Hears each replayed request's route pattern and time (the metrics count them as requests). */
  onReplay(listener: (route: string, seconds: number) => void): void {
    this.replayed = listener;
  }

  /** How many answers are remembered. */
  get size(): number {
    return this.answers.size;
  }

  /** From now on every request goes to Fastify, which answers 503 while closing. */
  close(): void {
    this.closing = true;
    this.answers.clear();
  }

  /** Answers `req` from a remembered answer and returns true, or returns false and does nothing. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || this.closing || this.answers.size === 0) return false;
    if (req.headers['if-none-match'] !== undefined) return false;
    const id = answerId(req, this.options.variant);
    const answer = this.answers.get(id);
    if (!answer) return false;
    if (this.cache.peek(answer.key) !== answer.entry) {
      this.answers.delete(id);
      return false;
    }
    this.hits += 1;
    const given = req.headers[this.options.requestIdHeader];
    const requestId = typeof given === 'string' && given ? given : randomUUID();
    const logs = this.log?.isLevelEnabled?.('info') === true;
    const started = logs || this.replayed ? performance.now() : 0;
    if (logs) this.logIncoming(req, requestId);
    // writeHead copies the list into the head it writes at once: filling in the last slot is safe.
    answer.headers[answer.headers.length - 1] = requestId;
    res.writeHead(200, answer.headers);
    res.end(answer.body);
    if (logs || this.replayed) {
      const ms = performance.now() - started;
      if (logs) this.log!.info({ reqId: requestId, res: { statusCode: 200 }, responseTime: ms }, 'request completed');
      this.replayed?.(answer.route, ms / 1000);
    }
    return true;
  }

  /**
   * Called by the route with the public answer it is about to send; once a GET's answer has gone
   * out whole, its headers and bytes are remembered for the request's URL.
   */
  remember(reply: FastifyReply, key: string, entry: CachedBody, body: string | Buffer): void {
    const req = reply.request.raw;
    if (req.method !== 'GET' || this.closing) return;
    if (reply.statusCode === 200) this.misses += 1;
    const id = answerId(req, this.options.variant);
    if (this.answers.get(id)?.entry === entry) return;
    reply.raw.once('finish', () => {
      if (reply.statusCode !== 200 || this.closing || this.cache.peek(key) !== entry) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (name === this.options.requestIdHeader || value === undefined) continue;
        for (const v of [value].flat()) headers.push(name, String(v));
      }
      headers.push(this.options.requestIdHeader, '');
      if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
      const route = reply.request.routeOptions.url ?? UNMATCHED_ROUTE;
      this.answers.set(id, { key, entry, route, headers, body: typeof body === 'string' ? Buffer.from(body) : body });
    });
  }

  private logIncoming(req: IncomingMessage, requestId: string) {
    const { trustProxy } = this.options;
    const forwardedHost = req.headers['x-forwarded-host'];
    const proxied = trustProxy && req.socket.remoteAddress !== undefined && trustProxy(req.socket.remoteAddress, 0);
    this.log!.info(
      {
        reqId: requestId,
        req: {
          method: req.method,
          url: req.url,
          headers: req.headers,
          host:
            (proxied && typeof forwardedHost === 'string' && forwardedHost.split(',').at(-1)?.trim()) ||
            req.headers.host,
          ip: clientAddress(req, trustProxy),
          socket: req.socket,
        },
      },
      'incoming request',
    );
  }
}

/** An answer depends on the URL and on the encoding negotiated from Accept-Encoding. */
function answerId(req: IncomingMessage, variant?: (req: IncomingMessage) => string): string {
  const id = `${preferredEncoding(req.headers['accept-encoding']) ?? ''} ${req.url}`;
  return variant ? `${id} ${variant(req)}` : id;
}
