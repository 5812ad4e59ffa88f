import type { Role } from '../../shared/catalog.ts';
import { AppError } from '../errors.ts';

/** Who is making a request, as every domain rule sees it. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  role: Role;
  verified: boolean;
  /** The sign-in session the request rides on; its end ends every access token issued under it. */
  sessionId: string;
  /** Signed in by an access token (Authorization: Bearer) rather than the session cookie. */
  viaToken: boolean;
}

export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthenticated', 'Please log in to continue');
  return actor;
}

export function requireAdmin(actor: Actor | null): Actor {
  const a = requireSignedIn(actor);
  if (a.role !== 'admin') throw new AppError('forbidden', 'Only an admin may do this');
  return a;
}

/** The user with this e-mail, or an admin. Anyone else learns nothing about that e-mail. */
export function requireSelfOrAdmin(actor: Actor | null, email: string): Actor {
  const a = requireSignedIn(actor);
  if (a.role !== 'admin' && a.email !== email.toLowerCase()) {
    throw new AppError('forbidden', 'You may only look up your own account');
  }
  return a;
}
