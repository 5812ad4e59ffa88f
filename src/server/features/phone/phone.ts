import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { ACCOUNT_SETTINGS_PATH } from '../../../shared/account.ts';
import type { Locale } from '../../../shared/locale.ts';
import {
  internationalBdMobile,
  localBdMobile,
  PHONE_CODE,
  type PhoneOtpAnswer,
  type PhoneVerifiedAnswer,
} from '../../../shared/phone.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { SmsSender } from '../../platform/sms/sms.ts';
import { users } from '../users/schema.ts';
import { phoneCodes, removedPhones } from './schema.ts';

// Phone verification by SMS (docs/product.md#phone-verification, docs/decisions/0037): a 6-digit
// code to the number, kept as a keyed hash for 5 minutes; each check spends one of its 5 tries
// before comparing, in one statement, so parallel guesses cannot share a try. A number proved on
// one account cannot be proved on another (the unique index has the last word on a race), nor the
// number of an account the admin removed on any account again.

const CODE_LIFE_MS = PHONE_CODE.minutes * 60_000;

/** The code's hash under the server's secret, bound to the account and the number it was sent to. */
export function hashCode(secret: string, userId: string, phone: string, code: string): string {
  return createHmac('sha256', `phone-code:${secret}`).update(`${userId}:${phone}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The SMS's words, in the user's language, with the code and the product's name. */
export function codeText(locale: Locale, code: string): string {
  return locale === 'bn'
    ? `Laptop Haat: আপনার যাচাই কোড ${code}। ${PHONE_CODE.minutes} মিনিটের মধ্যে ব্যবহার করুন। কাউকে এই কোড বলবেন না।`
    : `Laptop Haat: your verification code is ${code}. It works for ${PHONE_CODE.minutes} minutes. Never share it with anyone.`;
}

/** The account, other than `actor`'s, that has verified this number, if any. */
async function verifiedElsewhere(db: Db, actor: Actor, phone: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.verifiedPhone, phone), ne(users.id, actor.id)))
    .limit(1);
  return other !== undefined;
}

/** Whether `phone` was the verified number of an account the admin removed. */
async function removedNumber(db: Db, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: removedPhones.phone })
    .from(removedPhones)
    .where(eq(removedPhones.phone, phone));
  return row !== undefined;
}

/** Refuses a number that cannot be verified on this account: another's, or a removed account's. */
async function mustBeFree(db: Db, actor: Actor, phone: string): Promise<void> {
  if (await removedNumber(db, phone)) throw new AppError('phone_removed');
  if (await verifiedElsewhere(db, actor, phone)) throw new AppError('phone_taken');
}

export interface PhoneDeps {
  db: Db;
  actor: Actor;
  /** The server's secret (AUTH_SECRET): codes are hashed under it. */
  secret: string;
  now: Date;
}

/**
 * POST /api/phone/otp: a new code for `phone` (any form people type it in), replacing the account's
 * waiting one, sent by SMS. A gateway that fails twice: the code is dropped and 503 answered.
 */
export async function sendPhoneCode({
  db,
  actor,
  secret,
  now,
  sms,
  locale,
  phone: typed,
  onSmsFailure = () => {},
}: PhoneDeps & {
  sms: SmsSender;
  locale: Locale;
  phone: string;
  /** Told why the gateway did not take the message (never the message: it holds the code). */
  onSmsFailure?: (error: unknown) => void;
}): Promise<PhoneOtpAnswer> {
  const phone = internationalBdMobile(typed);
  await mustBeFree(db, actor, phone);
  const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, '0');
  const codeHash = hashCode(secret, actor.id, phone, code);
  const row = { phone, codeHash, expiresAt: new Date(now.getTime() + CODE_LIFE_MS), tries: 0, sentAt: now };
  await db
    .insert(phoneCodes)
    .values({ userId: actor.id, ...row })
    .onConflictDoUpdate({ target: phoneCodes.userId, set: row });
  try {
    await sms.send({ to: phone, text: codeText(locale, code) });
  } catch (error) {
    onSmsFailure(error);
    // Nobody received it: it must not wait to be guessed. A newer send's code stays.
    await db.delete(phoneCodes).where(and(eq(phoneCodes.userId, actor.id), eq(phoneCodes.codeHash, codeHash)));
    throw new AppError('sms_failed');
  }
  return { sent: true, expires_in: CODE_LIFE_MS / 1000 };
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * POST /api/phone/verify: the code sent to `phone`. Right: the number is the account's verified
 * one (and fills its next forms). Wrong, expired, spent or never sent: 400, saying which.
 */
export async function verifyPhoneCode({
  db,
  actor,
  secret,
  now,
  phone: typed,
  code,
}: PhoneDeps & { phone: string; code: string }): Promise<PhoneVerifiedAnswer> {
  const phone = internationalBdMobile(typed);
  // One try spent before comparing, in one statement: parallel guesses each spend their own.
  const [spent] = await db
    .update(phoneCodes)
    .set({ tries: sql`${phoneCodes.tries} + 1` })
    .where(and(eq(phoneCodes.userId, actor.id), eq(phoneCodes.phone, phone), lt(phoneCodes.tries, PHONE_CODE.tries)))
    .returning();
  if (!spent) {
    const [waiting] = await db
      .select({ tries: phoneCodes.tries })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.userId, actor.id), eq(phoneCodes.phone, phone)));
    throw new AppError(waiting ? 'phone_code_tries_spent' : 'phone_code_missing');
  }
  if (spent.expiresAt <= now) {
    await db.delete(phoneCodes).where(eq(phoneCodes.userId, actor.id));
    throw new AppError('phone_code_expired');
  }
  if (!sameHash(spent.codeHash, hashCode(secret, actor.id, phone, code))) {
    const left = PHONE_CODE.tries - spent.tries;
    throw left > 0 ? new AppError('phone_code_wrong', { tries_left: left }) : new AppError('phone_code_tries_spent');
  }
  await mustBeFree(db, actor, phone);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ verifiedPhone: phone, phoneVerifiedAt: now, phone: localBdMobile(phone), updatedAt: now })
        .where(eq(users.id, actor.id));
      await tx.delete(phoneCodes).where(eq(phoneCodes.userId, actor.id));
    });
  } catch (error) {
    // Another account proved the same number between the check above and this write.
    if (isUniqueViolation(error)) throw new AppError('phone_taken');
    throw error;
  }
  return { phone_verified: true, phone: localBdMobile(phone) };
}

/** Whether the account has a verified phone: listing and booking need one when PHONE_VERIFICATION=required. */
export async function requireVerifiedPhone(db: Db, actor: Actor, required: boolean): Promise<void> {
  if (!required) return;
  const [row] = await db.select({ phone: users.verifiedPhone }).from(users).where(eq(users.id, actor.id));
  if (!row?.phone) throw new AppError('phone_verification_required', { path: ACCOUNT_SETTINGS_PATH });
}
