// The server's log lines (docs/operations.md): JSON objects, one per line, for whatever collects
// them; readable lines through pino-pretty when a person watches a terminal outside production.
// Every logged error passes through `serializeError`: a failed statement's values (a password hash,
// an e-mail, a phone number) never reach the log, only the statement with its placeholders.

export interface LoggerOptions {
  level: string;
  serializers: { err: typeof serializeError };
  transport?: { target: string; options: Record<string, unknown> };
}

export function loggerOptions(
  level: string,
  { terminal = Boolean(process.stdout.isTTY), production = process.env.NODE_ENV === 'production' } = {},
): LoggerOptions {
  const serializers = { err: serializeError };
  if (!terminal || production) return { level, serializers };
  return {
    level,
    serializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

/**
 * The only fields kept from an error's own, when they are short scalars: what tells one failure from
 * another. Fields holding a statement's values (Drizzle's `params`, PostgreSQL's `detail`: "Key
 * (email)=(…) already exists", `where`, `internalQuery`) are never copied.
 */
const KEPT_FIELDS = ['code', 'errno', 'syscall', 'statusCode', 'status', 'severity', 'routine', 'table', 'constraint'];
const MAX_DEPTH = 5;

/** An error as a log line holds it: type, message, stack, code and causes, without any statement's values. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    if (error && typeof error === 'object') return { type: 'Object', message: '[a thrown object]', stack: '' };
    return { type: typeof error, message: String(error).slice(0, 200), stack: '' };
  }
  const e = error as Error & Record<string, unknown>;
  const message = safeMessage(e);
  const stack = typeof e.stack === 'string' ? safeStack(e.stack, e.message, message) : '';
  const out: SerializedError = { type: e.name || e.constructor?.name || 'Error', message, stack };
  for (const field of KEPT_FIELDS) {
    const value = e[field];
    if ((typeof value === 'string' && value.length <= 100) || typeof value === 'number') out[field] = value;
  }
  // The statement itself (with $1, $2 placeholders) says where it failed; its values are never kept.
  if (typeof e.query === 'string' && Array.isArray(e.params)) out.query = e.query.slice(0, 2_000);
  if (depth < MAX_DEPTH) {
    if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
    if (Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

/** Drizzle writes a failed statement's values into the message ("Failed query: …\nparams: …"): cut them off. */
function safeMessage(e: Error & Record<string, unknown>): string {
  if (typeof e.query === 'string' && Array.isArray(e.params)) return `Failed query: ${e.query}`.slice(0, 2_000);
  const at = e.message.search(/\nparams: /);
  return at === -1 ? e.message : e.message.slice(0, at);
}

/** The stack begins with the message: its first lines are replaced with the safe one. */
function safeStack(stack: string, original: string, safe: string): string {
  if (original === safe) return stack;
  const at = stack.indexOf(original);
  if (at !== -1) return stack.slice(0, at) + safe + stack.slice(at + original.length);
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [safe, ...frames].join('\n');
}
