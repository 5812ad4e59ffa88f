import { latinDigits } from './digits.ts';

// Scam warnings on conversation messages (docs/product.md#conversations, docs/decisions/0036): the
// commonest scams in used-electronics classifieds in Bangladesh start with a message asking for an
// advance through mobile money, a payment link, or a number to call outside the platform. A message
// that looks like one carries these warnings, and the reader sees a plain warning under it. The
// patterns are deliberately broad: a needless warning costs a glance, a missed one can cost money.
// Shared, so the web app can warn while the sender is still typing.

export const SCAM_WARNINGS = ['advance_payment', 'external_link', 'phone_number'] as const;
export type ScamWarning = (typeof SCAM_WARNINGS)[number];

// Bangla letters are not `\w` to JavaScript, so `\b` works only beside Latin words: the Bangla
// patterns below match as plain substrings instead.

/** Asking for money before a meeting: mobile money by name, an advance, "send money", "pay first". */
const ADVANCE_PAYMENT: readonly RegExp[] = [
  // Mobile money services, in English and in Bangla ("নগদ" is also "cash": "নগদ টাকা" is not the service).
  /\b(b-?kash|bikash|nagad|rocket|upay)\b/,
  /বিকাশ|রকেট|নগদ(?!\s*(টাকা|মূল্য|দাম|পেমেন্ট))/,
  // An advance, a deposit, a booking fee.
  /\b(advance|deposit|pre-?payment|token money|booking (fee|money))\b/,
  /অগ্রিম|অ্যাডভান্স|এডভান্স|বুকিং মানি|টোকেন মানি/,
  // Send money / send Tk 500 / send me the payment.
  /\bsend\s+(me\s+)?(the\s+)?(money|payment|taka|tk|bdt|৳|\d)/,
  /\b(send\s*money|money\s*transfer|cash-?in)\b/,
  /টাকা\S*\s*(পাঠা|পাঠি|ট্রান্সফার|সেন্ড)|সেন্ড মানি|ক্যাশ ?ইন/,
  // Pay before seeing it.
  /\b(pay(ment)?\s+(me\s+)?(first|before|now)|pay\s+in\s+advance)\b/,
  /আগে\s*(টাকা|পেমেন্ট)|পেমেন্ট\s*আগে/,
];

/**
 * A link or a bare domain: http(s)://, www., or a name ending in a common top-level domain (shop.xyz,
 * bit.ly, wa.me, t.me). The name must hold a letter, so a decimal ("15.6") is no domain.
 */
const EXTERNAL_LINK: readonly RegExp[] = [
  /\bhttps?:\/\/|\bwww\./,
  /\b[a-z0-9-]*[a-z][a-z0-9-]*\.(com|net|org|xyz|info|bd|ly|me|io|co|link|top|site|online|shop|store|app|click|biz|gl|cc|ru|tk|live|pw)\b/,
];

/**
 * A Bangladeshi mobile number (01[3-9] and 8 more digits, +880 or 880 before it instead of the 0),
 * in Latin or Bangla digits, with spaces, dots or dashes between the digits.
 */
const PHONE_NUMBER = /(?<!\d)(\+?\s*880[\s.-]*|0)1[3-9]([\s.-]*\d){8}(?!\d)/;

/** The warnings a message's text calls for, in SCAM_WARNINGS order; none for an innocent one. */
export function warningsOf(text: string): ScamWarning[] {
  const t = latinDigits(text).toLowerCase();
  const found: ScamWarning[] = [];
  if (ADVANCE_PAYMENT.some((p) => p.test(t))) found.push('advance_payment');
  if (EXTERNAL_LINK.some((p) => p.test(t))) found.push('external_link');
  if (PHONE_NUMBER.test(t)) found.push('phone_number');
  return found;
}
