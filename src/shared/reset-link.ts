// Where a password-reset e-mail's link leads: the web app's page, with the token in the address.
// Without zod, so the web app's route table can import it.
export const RESET_LINK = {
  path: '/reset-password',
  tokenParam: 'token',
  /** How long a link works (docs/security.md#password-reset). */
  minutes: 30,
} as const;
