import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import type { TestApp } from './test-app.ts';

// Real sign-ups and sign-ins through the auth routes, as a browser would make them.
export const DEMO = {
  admin: 'admin@laptophaat.test',
  seller: 'seller@laptophaat.test',
  newSeller: 'newseller@laptophaat.test',
  buyer: 'buyer@laptophaat.test',
} as const;

export interface Session {
  email: string;
  userId: string;
  cookie: string;
}

let n = 0;
export const uniqueEmail = (label = 'user') => {
  n += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${n}@example.test`;
};

export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export function jsonPost(t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.url, ...headers },
    body: JSON.stringify(body),
  });
}

export async function signUp(
  t: TestApp,
  input: { role?: 'buyer' | 'seller'; name?: string; email?: string; password?: string } = {},
): Promise<Session> {
  const email = input.email ?? uniqueEmail(input.role ?? 'buyer');
  const res = await jsonPost(t, '/api/auth/sign-up/email', {
    name: input.name ?? 'Test Person',
    email,
    password: input.password ?? 'Secret@123',
    role: input.role ?? 'buyer',
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { email, userId: body.user.id, cookie: cookieOf(res) };
}

export async function signIn(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await jsonPost(t, '/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { email, userId: body.user.id, cookie: cookieOf(res) };
}

export async function accessTokenOf(t: TestApp, s: Session): Promise<string> {
  const res = await t.request(`/api/jwt?email=${encodeURIComponent(s.email)}`, { headers: { cookie: s.cookie } });
  if (res.status !== 200) throw new Error(`jwt failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
