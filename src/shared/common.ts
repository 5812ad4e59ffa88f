import { emailSchema } from './auth.ts';
import { z } from './z.ts';

// Generic pieces of the API contract, defined once: ids, e-mail fields, yes-flags and counts.

/** An opaque id named `name` in messages. */
export const idSchema = (name = 'id') =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(100);

export const idParamsSchema = z.object({ id: idSchema() });

/** An e-mail address in a query string or path, named `name` in messages; compared in lower case. */
export const emailFieldSchema = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: `${name} must be an e-mail address` }));

/** `{ email }` in a path or query, with the sign-up form's rules and messages. */
export const emailParamsSchema = z.object({ email: emailSchema });

/** The API's flags: JSON booleans, or the strings 'true' and 'false'. */
export const flagSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A flag that may only be set, never cleared (advertising, verification). */
export const trueFlagSchema = (name: string) =>
  z.union([z.literal(true), z.literal('true')], { error: `${name} must be 'true'` });

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
