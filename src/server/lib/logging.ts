// The server's log lines (docs/operations.md): JSON objects, one per line, for whatever collects
// them; readable lines through pino-pretty when a person watches a terminal outside production.

export interface LoggerOptions {
  level: string;
  transport?: { target: string; options: Record<string, unknown> };
}

export function loggerOptions(
  level: string,
  { terminal = Boolean(process.stdout.isTTY), production = process.env.NODE_ENV === 'production' } = {},
): LoggerOptions {
  if (!terminal || production) return { level };
  return {
    level,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}
