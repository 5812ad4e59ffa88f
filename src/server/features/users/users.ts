import { and, asc, eq, gt, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/catalog.ts';
import { localBdMobile } from '../../../shared/phone.ts';
import { LIST_LIMIT, type UserListQuery } from '../../../shared/search.ts';
import type { Me, User } from '../../../shared/users.ts';
import { type Actor, requireSelfOrAdmin } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { afterKey, decodeCursor, newestFirst, timestampCursor, timestampKey, toPage } from '../../platform/paging.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { sessions } from '../auth/schema.ts';
import { type UserRow, users } from './schema.ts';

type UserFields = Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'verified' | 'verificationRequestedAt'>;

export function toUser(r: UserFields): User {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    verified: r.verified,
    verification_requested: !r.verified && r.verificationRequestedAt !== null,
  };
}

function toMe(r: UserRow): Me {
  const user = toUser(r);
  return {
    ...user,
    verification: r.verified ? 'verified' : user.verification_requested ? 'requested' : 'unverified',
    phone: r.phone,
    verified_phone: r.verifiedPhone ? localBdMobile(r.verifiedPhone) : null,
  };
}

/** GET /api/users/me: the caller's own account, with their verification and remembered phone. */
export async function getMe({ db, actor }: { db: Db; actor: Actor }): Promise<Me> {
  const row = await findUserById(db, actor.id);
  if (!row) throw new AppError('sign_in_required');
  return toMe(row);
}

/**
 * POST /api/users/verification-request: a seller asks the admin to verify them; asking again
 * changes nothing (the first request keeps its place in the admin's list). A verified seller: 409.
 */
export async function requestVerification({ db, actor }: { db: Db; actor: Actor }): Promise<Me> {
  const row = await findUserById(db, actor.id);
  if (!row) throw new AppError('sign_in_required');
  if (row.role !== 'seller') throw new AppError('only_sellers_verification');
  if (row.verified) throw new AppError('already_verified');
  if (row.verificationRequestedAt) return toMe(row);
  const [updated] = await db
    .update(users)
    .set({ verificationRequestedAt: new Date() })
    .where(and(eq(users.id, actor.id), isNull(users.verificationRequestedAt)))
    .returning();
  return toMe(updated ?? row);
}

/**
 * The actor behind an access token: its user, while the session it was issued under lasts. Signing
 * out, revoking the session, changing the password and deleting the user all end that session.
 */
export async function findTokenActor(db: Db, claims: { sessionId: string; userId: string }): Promise<Actor | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, verified: users.verified })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), gt(sessions.expiresAt, new Date())),
    );
  return row ? { ...row, sessionId: claims.sessionId, viaToken: true } : null;
}

/** How many sessions a user has: a sign-out or revocation that ends none changes nobody's identity. */
export async function countSessions(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
  return Number(row?.n ?? 0);
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function isAdmin({ db, actor, email }: { db: Db; actor: Actor; email: string }) {
  requireSelfOrAdmin(actor, email);
  return { isAdmin: (await findUserByEmail(db, email))?.role === 'admin' };
}

export async function isSeller({ db, actor, email }: { db: Db; actor: Actor; email: string }) {
  requireSelfOrAdmin(actor, email);
  return { isSeller: (await findUserByEmail(db, email))?.role === 'seller' };
}

/** Spec: an array, empty when no user has that e-mail yet. */
export async function lookupUser({ db, actor, email }: { db: Db; actor: Actor; email: string }) {
  requireSelfOrAdmin(actor, email);
  const row = await findUserByEmail(db, email);
  return row ? [toUser(row)] : [];
}

/** `%text%` for LIKE, with the text's own `%`, `_` and `\\` matched literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The users of a role, newest first, a page at a time (docs/search.md#cursors); with `q`, only
 * those whose name or e-mail contains it, in any letter case (trigram indexes on both). Unrun, so
 * tests can EXPLAIN it.
 */
export function userPageStatement(db: Db, role: Role, { q, limit, cursor }: UserListQuery) {
  // Sellers waiting for verification head the first page instead (pendingSellersStatement).
  const after = cursor
    ? afterKey(users.createdAt, users.id, 'desc', timestampCursor(decodeCursor(cursor, NEWEST, 'timestamp')))
    : undefined;
  return db
    .select({ ...listedColumns, createdAtKey: timestampKey(users.createdAt) })
    .from(users)
    .where(and(eq(users.role, role), matching(q), role === 'seller' ? not(pending) : undefined, after))
    .orderBy(newestFirst(users.createdAt), newestFirst(users.id))
    .limit((limit ?? LIST_LIMIT.default) + 1);
}

const NEWEST = 'newest';

/** What the admin's lists show of a user. */
const listedColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  verified: users.verified,
  verificationRequestedAt: users.verificationRequestedAt,
};

/** A user whose name or e-mail contains `q`, in any letter case. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = containing(q.toLowerCase());
  return or(sql`lower(${users.name}) like ${text}`, sql`${users.email} like ${text}`);
}

/** A seller waiting for the admin's verification (`user_verification_pending_idx`). */
const pending = sql`(${users.role} = 'seller' and not ${users.verified} and ${users.verificationRequestedAt} is not null)`;

/** How many waiting sellers the first page of All Sellers shows at most, ahead of the rest. */
export const PENDING_MAX = 100;

/** The sellers waiting for verification, oldest request first, for the head of All Sellers. Unrun, for EXPLAIN. */
export function pendingSellersStatement(db: Db, { q }: UserListQuery) {
  return db
    .select(listedColumns)
    .from(users)
    .where(and(pending, matching(q)))
    .orderBy(asc(users.verificationRequestedAt), asc(users.id))
    .limit(PENDING_MAX);
}

/**
 * GET /api/users/{role}: the admin's lists, newest first a page at a time. All Sellers' first page
 * starts with the sellers waiting for verification (oldest request first), who then are not
 * repeated on the pages after (docs/product.md#seller-verification).
 */
export async function listUsersByRole({ db, role, query }: { db: Db; role: Role; query: UserListQuery }) {
  const rows = await userPageStatement(db, role, query);
  const page = toPage(rows, query.limit ?? LIST_LIMIT.default, NEWEST, (r) => r.createdAtKey, toUser);
  if (role !== 'seller' || query.cursor) return page;
  const waiting = (await pendingSellersStatement(db, query)).map(toUser);
  return { ...page, items: [...waiting, ...page.items] };
}

/**
 * POST /users: the client records the user after sign-up (docs/product.md#routes). The account
 * already exists (the identity layer made it), so this only confirms it: idempotent, and it never
 * changes a role.
 */
export async function confirmUser({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: { name: string; email: string; role: 'buyer' | 'seller' };
}): Promise<User> {
  if (actor.email !== input.email) throw new AppError('record_own_account_only');
  const row = await findUserById(db, actor.id);
  if (!row) throw new AppError('sign_in_required');
  return toUser(row);
}

/** The operator's `npm run admin -- grant EMAIL`: the only way anyone becomes admin. */
export async function grantAdmin(db: Db, email: string): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning();
  if (!row) throw new AppError('user_not_signed_up', { email });
  return toUser(row);
}

/**
 * GET /jwt: an access token only for the signed-in user's own e-mail, and only from the session
 * cookie: a token cannot renew itself, so none outlives the 15 minutes after its session last
 * minted one, and none outlives the session at all.
 */
export async function issueAccessToken({ key, actor, email }: { key: Uint8Array; actor: Actor; email: string }) {
  if (actor.viaToken) {
    throw new AppError('token_exchange');
  }
  if (actor.email !== email) throw new AppError('token_own_account_only');
  return {
    accessToken: await signAccessToken(key, { userId: actor.id, sessionId: actor.sessionId, email: actor.email }),
  };
}

/** Keeps the first mobile number a user gives (a listing, a booking), to fill the next form with it. */
export async function rememberPhone(db: Pick<Db, 'update'>, userId: string, phone: string): Promise<void> {
  await db
    .update(users)
    .set({ phone })
    .where(and(eq(users.id, userId), isNull(users.phone)));
}
