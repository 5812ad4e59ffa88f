// Sign-up and log-in rules (docs/product.md#accounts-and-sign-in), one source for the client forms and the server.
import { RESET_LINK } from './reset-link.ts';
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from './rules.ts';
import { z } from './z.ts';

export { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from './rules.ts';

export const PASSWORD_SPECIALS = '!@#$&*';

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
  .transform((e) => e.toLowerCase());

// An uppercase letter, a digit and a special character from !@#$&* (docs/product.md#accounts-and-sign-in).
export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong)
  .refine((p) => /[A-Z]/.test(p) && /[0-9]/.test(p) && /[!@#$&*]/.test(p), {
    message: AUTH_MESSAGES.passwordWeak,
    params: { code: 'weak_password' },
  });

export const SIGNUP_ROLES = ['buyer', 'seller'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

export const nameSchema = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(80, AUTH_MESSAGES.nameLong);

export const signupSchema = z.object({
  name: nameSchema,
  role: z.enum(SIGNUP_ROLES, { error: AUTH_MESSAGES.roleRequired }),
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.input<typeof signupSchema>;

/** A user's own changes to their account (better-auth's /update-user): the same limits as sign-up. */
export const updateAccountSchema = z.object({
  name: nameSchema.optional(),
  image: z
    .url({ protocol: /^https?$/, error: 'Image must be an http(s) URL' })
    .max(2048, 'Image URL must be 2048 characters or shorter')
    .nullable()
    .optional(),
});

/** Changing the password: the new one follows the sign-up rules. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong),
  newPassword: passwordSchema,
});

/**
 * Password reset by e-mail (docs/security.md#password-reset). The API answers in English; the web
 * app words these cases itself from the error's field (`token`), in the page's language.
 */
export const RESET_MESSAGES = {
  /** 200, whether or not the address has an account. */
  sent: `If an account uses this email, a link to reset its password is on its way. It works for ${RESET_LINK.minutes} minutes.`,
  /** 400 on `token`: unknown, expired or already used (one answer for the three). */
  linkInvalid: 'This reset link has expired or has already been used. Please ask for a new one.',
} as const;

/** "Forgot password?": the address to send the link to. */
export const requestResetSchema = z.object({ email: emailSchema });
export type RequestResetInput = z.input<typeof requestResetSchema>;

/** The token of the e-mail's link (better-auth's: 24 letters and digits) and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: RESET_MESSAGES.linkInvalid }).regex(/^[A-Za-z0-9_-]{1,64}$/, RESET_MESSAGES.linkInvalid),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const resetRequestAnswerSchema = z.object({ status: z.boolean(), message: z.string() });

/** What the client needs to know before it renders the log-in page. */
// What better-auth answers on the sign-in routes we front (described for the API reference only:
// the answer is better-auth's own; extra fields may come).
const ROLE_NAMES = ['buyer', 'seller', 'admin'] as const;
export const authUserAnswerSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLE_NAMES),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .loose();
export const signInAnswerSchema = z
  .object({ redirect: z.boolean(), token: z.string(), user: authUserAnswerSchema })
  .loose();
export const signUpAnswerSchema = z.object({ token: z.string().nullable(), user: authUserAnswerSchema }).loose();
export const statusAnswerSchema = z.object({ status: z.boolean() });

export const clientConfigSchema = z.object({
  /** Sign in with Google: real Google, its local stand-in, or not offered. */
  googleSignIn: z.enum(['google', 'local', 'none']),
  /** How to reach the people behind the site (CONTACT_EMAIL, CONTACT_PHONE): the Contact page. */
  contact: z.object({ email: z.string(), phone: z.string() }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** Where the provider sign-in returns: the client shows its toast (docs/product.md#toasts) and cleans the URL. */
export const GOOGLE_RETURN = { login: 'login', signup: 'signup', param: 'google' } as const;
