import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

// Short-lived signed access tokens for the bearer calls (GET /api/jwt,
// docs/product.md#accounts-and-sign-in; docs/security.md#authentication). HS256 with a key derived
// from AUTH_SECRET, so every instance sharing the secret accepts every other's tokens.
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'laptop-haat';
const AUDIENCE = 'laptop-haat-api';

export interface AccessTokenClaims {
  userId: string;
  /** The session it was issued under (claim `sid`): the token is good only while that session lasts. */
  sessionId: string;
  email: string;
}

export function accessTokenKey(secret: string): Uint8Array {
  return createHash('sha256').update(`access-token:${secret}`).digest();
}

export async function signAccessToken(key: Uint8Array, claims: AccessTokenClaims, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ email: claims.email, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** The claims of a valid token, or null for anything else (expired, forged, malformed). */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const { sub, sid, email } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email !== 'string') return null;
    return { userId: sub, sessionId: sid, email };
  } catch {
    return null;
  }
}
