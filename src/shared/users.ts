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
});
export type User = z.infer<typeof userSchema>;
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
// Verification only goes one way (docs/product.md#seller-verification): the body must say verified true.
export const verifyBodySchema = z.object({ verified: trueFlagSchema('verified') });
