import type { Session } from './sessions.ts';
import type { TestApp } from './test-app.ts';

// A request as a signed-in person (or nobody) sends it from the web app: same origin, the session's
// cookie, JSON when there is a body. Shared by the API tests.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function send(t: TestApp, who: Session | null, method: Method, path: string, body?: unknown) {
  return t.request(path, {
    method,
    headers: {
      origin: t.url,
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The `error` of an error answer. */
export async function errorOf(res: Response): Promise<{
  code: string;
  reason?: string;
  message: string;
  fields?: Record<string, { code: string; message: string }>;
}> {
  return ((await res.json()) as { error: Awaited<ReturnType<typeof errorOf>> }).error;
}
