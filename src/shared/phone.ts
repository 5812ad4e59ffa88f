import { latinDigits } from './digits.ts';
import { z } from './z.ts';

// Bangladeshi mobile numbers (docs/product.md#mobile-numbers): 01[3-9] + 8 digits; +880 / 880 prefixes, spaces,
// dashes and Bangla digits are accepted and normalised to the 11-digit local form.

export const BD_MOBILE_RE = /^01[3-9]\d{8}$/;

export function normalizeBdMobile(input: string): string {
  const ascii = latinDigits(input);
  let digits = ascii.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+880')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('880') && digits.length === 13) digits = `0${digits.slice(3)}`;
  return digits;
}

export const isBdMobile = (input: string) => BD_MOBILE_RE.test(normalizeBdMobile(input));

/** A Bangladeshi mobile number field, normalised, with the form's own messages. */
export const bdMobileSchema = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform(normalizeBdMobile)
    .refine((v) => BD_MOBILE_RE.test(v), { message: invalid, params: { code: 'invalid_mobile' } });

/** A verified number as stored and sent to the SMS gateway: 8801XXXXXXXXX (from the local 01XXXXXXXXX). */
export const internationalBdMobile = (local: string) => `88${normalizeBdMobile(local)}`;

/** The local form people read and type (01XXXXXXXXX) of a stored 8801XXXXXXXXX. */
export const localBdMobile = (international: string) => international.replace(/^880/, '0');

// Phone verification by SMS (docs/product.md#phone-verification): the code's length, life and tries.
export const PHONE_CODE = { digits: 6, minutes: 5, tries: 5 } as const;

export const PHONE_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a Bangladeshi mobile number such as 01712345678',
  codeRequired: 'Code is required',
  codeInvalid: 'The code is the 6 digits in the SMS',
} as const;

const phoneFieldSchema = bdMobileSchema(PHONE_MESSAGES.phoneRequired, PHONE_MESSAGES.phoneInvalid);

/** POST /api/phone/otp: send a code to this number. */
export const phoneOtpBodySchema = z.object({ phone: phoneFieldSchema });
export type PhoneOtpBody = z.input<typeof phoneOtpBodySchema>;

/** POST /api/phone/verify: the code from the SMS, in Latin or Bangla digits. */
export const phoneVerifyBodySchema = z.object({
  phone: phoneFieldSchema,
  code: z
    .string({ error: PHONE_MESSAGES.codeRequired })
    .trim()
    .min(1, PHONE_MESSAGES.codeRequired)
    .transform((v) => latinDigits(v).replace(/\s/g, ''))
    .refine((v) => /^\d{6}$/.test(v), { message: PHONE_MESSAGES.codeInvalid, params: { code: 'invalid_code' } }),
});
export type PhoneVerifyBody = z.input<typeof phoneVerifyBodySchema>;

/** 202 to POST /api/phone/otp: the code is on its way; it works for `expires_in` seconds. */
export const phoneOtpAnswerSchema = z.object({ sent: z.literal(true), expires_in: z.number().int() });
export type PhoneOtpAnswer = z.infer<typeof phoneOtpAnswerSchema>;

/** 200 to POST /api/phone/verify. */
export const phoneVerifiedAnswerSchema = z.object({ phone_verified: z.literal(true), phone: z.string() });
export type PhoneVerifiedAnswer = z.infer<typeof phoneVerifiedAnswerSchema>;
