import { signAccessToken } from '../auth/access-token.ts';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';

/**
 * GET /jwt: an access token only for the signed-in user's own e-mail, and only from the session
 * cookie: a token cannot renew itself, so none outlives the 15 minutes after its session last
 * minted one, and none outlives the session at all.
 */
export async function issueAccessToken({ key, actor, email }: { key: Uint8Array; actor: Actor; email: string }) {
  if (actor.viaToken) {
    throw new AppError('forbidden', 'An access token cannot be exchanged for another: sign in to get a new one');
  }
  if (actor.email !== email) throw new AppError('forbidden', 'You may only get a token for your own account');
  return {
    accessToken: await signAccessToken(key, { userId: actor.id, sessionId: actor.sessionId, email: actor.email }),
  };
}
