import { type I18n, setupI18n } from '@lingui/core';
import type { ErrorParam, ErrorReason } from '../../shared/error-codes.ts';
import { describeField, describeReason, type NumberFormat } from '../../shared/error-messages.ts';
import type { Locale } from '../../shared/locale.ts';
import { messages as bangla } from '../../shared/locales/bn/errors.ts';
import { messages as english } from '../../shared/locales/en/errors.ts';

// The API's error messages in the caller's language (docs/decisions/0032): the same catalogs the
// web app says the codes with (src/shared/error-messages.ts), one Lingui instance per language so
// that no request changes another's language.

const I18N: Record<Locale, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: english } }),
  bn: setupI18n({ locale: 'bn', messages: { bn: bangla } }),
};

const NUMBERS: Record<Locale, NumberFormat> = {
  en: (n) => n.toLocaleString('en-US', { maximumFractionDigits: 1 }),
  // Bangla digits with South Asian grouping: ১,০০,০০,০০০.
  bn: (n) => n.toLocaleString('bn-BD', { maximumFractionDigits: 1 }),
};

/** A number as `locale` writes it (Bangla digits and grouping in Bangla). */
export function numberWords(locale: Locale, n: number): string {
  return NUMBERS[locale](n);
}

/** The shared catalogs (src/shared/locales) in `locale`: other shared messages are said with them too. */
export function sharedI18n(locale: Locale): I18n {
  return I18N[locale];
}

/** `reason` with its parameters, in `locale`. */
export function reasonWords(locale: Locale, reason: ErrorReason, params: Record<string, ErrorParam> = {}): string {
  return describeReason(I18N[locale], reason, params, NUMBERS[locale]);
}

/** What is wrong with field `name`, in `locale`. */
export function fieldWords(locale: Locale, name: string, error: { code: string } & Record<string, ErrorParam>): string {
  return describeField(I18N[locale], name, error, NUMBERS[locale]);
}
