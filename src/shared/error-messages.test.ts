import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ERROR_REASONS, FIELD_CODES } from './error-codes.ts';
import { describeField, describeReason, FIELD_LABELS, FIELD_MESSAGES, REASON_MESSAGES } from './error-messages.ts';
import { messages as bangla } from './locales/bn/errors.ts';
import { messages as english } from './locales/en/errors.ts';

// The catalogs of the error codes: the English catalog says each message as the code does (Lingui
// keeps a source text once written, so an edited message must be edited in en/errors.po too), and
// the Bangla one says every message, in Bangla digits.

const en = setupI18n({ locale: 'en', messages: { en: english } });
const bn = setupI18n({ locale: 'bn', messages: { bn: bangla } });
const bnNumber = (n: number) => n.toLocaleString('bn-BD');
const enNumber = (n: number) => n.toLocaleString('en-US');
const descriptors = [
  ...Object.values(REASON_MESSAGES),
  ...Object.values(FIELD_MESSAGES),
  ...Object.values(FIELD_LABELS),
];

describe('the error catalogs', () => {
  it('have every reason and field code worded', () => {
    expect(Object.keys(REASON_MESSAGES).sort()).toEqual(Object.keys(ERROR_REASONS).sort());
    expect(Object.keys(FIELD_MESSAGES).sort()).toEqual([...FIELD_CODES].sort());
  });

  it.each(descriptors.map((d) => [d.id, d]))('say %s in English as the code writes it', (_id, descriptor) => {
    const values = { field: 'F', min: 'M', max: 'X', values: 'V', status: 'accepted', seconds: 'S' };
    const fromCode = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(en._({ ...descriptor, values })).toBe(fromCode._({ ...descriptor, values }));
  });

  it('say every message in Bangla', () => {
    for (const descriptor of descriptors) expect(bn._(descriptor.id)).toMatch(/[\u0980-\u09FF]/);
  });

  it('word parameters in the language’s digits', () => {
    expect(describeReason(en, 'too_many_attempts', { seconds: 30 }, enNumber)).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(describeReason(bn, 'too_many_attempts', { seconds: 30 }, bnNumber)).toContain('৩০');
    expect(describeField(en, 'password', { code: 'too_short', min: 6 }, enNumber)).toBe(
      'Password must be 6 characters or longer',
    );
    expect(describeField(bn, 'password', { code: 'too_short', min: 6 }, bnNumber)).toBe(
      'পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে',
    );
    expect(describeField(en, 'laptop_name', { code: 'required' }, enNumber)).toBe('laptop name is required');
    expect(describeReason(bn, 'booking_already', { status: 'accepted' }, bnNumber)).toBe(
      'এই বুকিংটি ইতিমধ্যে গ্রহণ করা হয়েছে',
    );
  });
});
