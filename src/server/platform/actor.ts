import type { Role } from '../../shared/catalog.ts';
import { AppError } from './errors.ts';

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

/** The user with this e-mail, or an admin. Anyone else learns nothing about that e-mail. */
export function requireSelfOrAdmin(actor: Actor, email: string): void {
  if (actor.role !== 'admin' && actor.email !== email.toLowerCase()) {
    throw new AppError('own_account_only');
  }
}
