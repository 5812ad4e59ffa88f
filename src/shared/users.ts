import { emailSchema, SIGNUP_ROLES } from './auth.ts';
import { ROLES } from './catalog.ts';
import { flagSchema, idSchema, trueFlagSchema } from './common.ts';
import { z } from './z.ts';

export { USER_MESSAGES } from './rules.ts';

// Flags are JSON booleans on the wire; inputs also accept the strings 'true'/'false' (docs/product.md#api).

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  verified: z.boolean(),
  /** A seller who asked the admin for verification and is not verified yet (docs/product.md#seller-verification). */
  verification_requested: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Where a seller's verification stands: never asked, asked and waiting, or verified. */
export const VERIFICATION_STATES = ['unverified', 'requested', 'verified'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** GET /api/users/me: the signed-in user, with what their own forms and dashboard need. */
export const meSchema = userSchema.extend({
  verification: z.enum(VERIFICATION_STATES),
  /** The mobile number they first gave in a listing or a booking; null until then. */
  phone: z.string().nullable(),
  /** The number they proved by SMS, local form (docs/product.md#phone-verification); null: none. */
  verified_phone: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;
export const userListSchema = z.array(userSchema);

export const createUserBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80),
  email: emailSchema,
  role: z.enum(SIGNUP_ROLES, { error: "role must be 'buyer' or 'seller'" }),
  verified: flagSchema.optional(),
});

export const isAdminSchema = z.object({ isAdmin: z.boolean() });
export const isSellerSchema = z.object({ isSeller: z.boolean() });
export const accessTokenSchema = z.object({ accessToken: z.string() });

export const deleteUserBodySchema = z.object({ id: idSchema() });
/** The admin's grounds for verifying a seller, at most this many characters. */
export const VERIFICATION_NOTE_MAX = 500;
// Verification only goes one way (docs/product.md#seller-verification): the body must say verified
// true. `note` records on what grounds (kept with who verified and when).
export const verifyBodySchema = z.object({
  verified: trueFlagSchema('verified'),
  note: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string({ error: 'note must be text' })
      .trim()
      .max(VERIFICATION_NOTE_MAX, `note must be ${VERIFICATION_NOTE_MAX} characters or shorter`)
      .optional(),
  ),
});

/** POST /api/users/verification-request takes nothing: an empty object, or no body at all. */
export const verificationRequestBodySchema = z.strictObject({}, { error: 'the request takes no fields' }).optional();
