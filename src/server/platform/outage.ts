// A dependency (the database, Redis, the photo store) that cannot be reached is an outage, not a bug:
// callers get 503 with Retry-After, /readyz names it. Its cause is told in one of a few fixed words:
// an error's own text can hold SQL, host names or user names, and is for the log only.

export const OUTAGE_CAUSES = [
  'connection refused',
  'timeout',
  'connection lost',
  'not accepting connections',
  'too many connections',
  'authentication failed',
  'unreachable',
  'closed',
] as const;
export type OutageCause = (typeof OUTAGE_CAUSES)[number];

const BY_ERRNO: Record<string, OutageCause> = {
  ECONNREFUSED: 'connection refused',
  ETIMEDOUT: 'timeout',
  ECONNRESET: 'connection lost',
  EPIPE: 'connection lost',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
};

/** PostgreSQL's SQLSTATEs for a server that will not take or keep the connection. */
function bySqlState(code: string): OutageCause | undefined {
  if (code === '53300') return 'too many connections';
  if (code === '28P01' || code === '28000') return 'authentication failed';
  if (code === '57P03' || code === '55000') return 'not accepting connections';
  if (code.startsWith('57P')) return 'connection lost'; // the server is shutting down or crashed
  if (code.startsWith('08')) return 'connection lost';
  return undefined;
}

/**
 * node-postgres ends a connection that took too long to open with this message, and its `cause` is
 * the ending ("Connection terminated unexpectedly"): the message says more than the cause here.
 */
const CONNECT_TIMEOUT = /due to connection timeout/i;

const BY_MESSAGE: [RegExp, OutageCause][] = [
  [/connection terminated|connection ended|server closed the connection|socket hang up/i, 'connection lost'],
  [/timeout|timed out/i, 'timeout'],
  [
    /not currently accepting connections|the database system is (starting up|shutting down)/i,
    'not accepting connections',
  ],
  [/PGlite is closed|pool after calling end|Connection is closed|Stream isn't writeable/i, 'closed'],
];

/**
 * Why `error` means a dependency could not be reached, or undefined when it is something else (a bug,
 * a bad statement, a constraint): those stay 500s. Looks through wrappers (`cause`: Drizzle wraps
 * the driver's error) and aggregates (a host with several addresses).
 */
export function outageCause(error: unknown, depth = 0): OutageCause | undefined {
  if (!error || typeof error !== 'object' || depth > 5) return undefined;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    const known = BY_ERRNO[e.code] ?? (/^[0-9A-Z]{5}$/.test(e.code) ? bySqlState(e.code) : undefined);
    if (known) return known;
  }
  if (typeof e.message === 'string' && CONNECT_TIMEOUT.test(e.message)) return 'timeout';
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const cause = outageCause(inner, depth + 1);
      if (cause) return cause;
    }
  }
  const inner = outageCause(e.cause, depth + 1);
  if (inner) return inner;
  if (typeof e.message === 'string') {
    for (const [pattern, cause] of BY_MESSAGE) if (pattern.test(e.message)) return cause;
  }
  return undefined;
}
