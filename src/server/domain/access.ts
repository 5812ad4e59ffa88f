import { signAccessToken } from '../auth/access-token.ts';
import { AppError } from '../errors.ts';
import { type Actor, requireSignedIn } from './actor.ts';

/** GET /jwt: an access token only for the signed-in user's own e-mail. */
export async function issueAccessToken({ key, actor, email }: { key: Uint8Array; actor: Actor | null; email: string }) {
  const a = requireSignedIn(actor);
  if (a.email !== email) throw new AppError('forbidden', 'You may only get a token for your own account');
  return { accessToken: await signAccessToken(key, { userId: a.id, email: a.email }) };
}
