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
