// The access token (docs/product.md#accounts-and-sign-in): fetched from GET /api/jwt after login, kept
// in localStorage, removed at logout, sent as `Authorization: Bearer` on the calls that carry one.
export const ACCESS_TOKEN_KEY = 'access-token';

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    // Private mode without storage: bearer calls fetch a fresh token each time instead.
  }
}

export function removeAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {}
}
