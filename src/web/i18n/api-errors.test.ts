import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { renderIn } from '../test/locale.ts';
import { apiErrorText, apiFieldText } from './api-errors.ts';

// API errors in the page's language, from their codes (docs/decisions/0032): the answer's
// `message` is never shown, whatever language it came in.

afterEach(() => renderIn('en'));

const refused = (reason: string, params = {}) =>
  new ApiError(429, 'rate_limited', 'Words the page never reads', { reason, params });

describe('apiErrorText', () => {
  it('words a reason with its parameters in English and in Bangla, in the page’s digits', () => {
    expect(apiErrorText(refused('too_many_attempts', { seconds: 30 }))).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
    renderIn('bn');
    expect(apiErrorText(refused('too_many_attempts', { seconds: 30 }))).toBe(
      'অনেকবার চেষ্টা করা হয়েছে। ৩০ সেকেন্ড পরে আবার চেষ্টা করুন।',
    );
    expect(
      apiErrorText(new ApiError(409, 'conflict', 'x', { reason: 'booking_already', params: { status: 'accepted' } })),
    ).toBe('এই বুকিংটি ইতিমধ্যে গ্রহণ করা হয়েছে');
  });

  it('words an answer without a known reason by its kind, and a failure that never reached the server', () => {
    expect(apiErrorText(new ApiError(503, 'unavailable', 'x'))).toBe(
      'The service is briefly unavailable. Please try again in a few seconds.',
    );
    expect(apiErrorText(new ApiError(403, 'forbidden', 'x', { reason: 'a_reason_from_a_newer_server' }))).toBe(
      'You may not do this',
    );
    expect(apiErrorText(new ApiError(0, 'network', 'x'))).toBe('Could not reach the server. Check your connection.');
  });
});

describe('apiFieldText', () => {
  it('words a field’s code and parameters under the field’s own name', () => {
    expect(apiFieldText('password', { code: 'too_short', min: 6, message: 'not read' })).toBe(
      'Password must be 6 characters or longer',
    );
    expect(apiFieldText('laptop_name', { code: 'required', message: 'not read' })).toBe('laptop name is required');
    renderIn('bn');
    expect(apiFieldText('meetingAddress', { code: 'too_long', max: 300, message: 'not read' })).toBe(
      'দেখা করার ঠিকানা ৩০০ অক্ষরের মধ্যে হতে হবে',
    );
  });
});
