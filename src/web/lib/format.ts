import { CURRENCY_LABEL, DESCRIPTION_CUT } from '../../shared/catalog.ts';

/** The product's two languages (docs/product.md#languages). */
export type Lang = 'en' | 'bn';

// Whole taka with thousands grouped, written out rather than with Intl.NumberFormat: the first
// Intl formatter a page creates loads the browser's locale data, about 45 ms on this machine and
// four times that on a slow phone, in the middle of hydrating the home page (docs/decisions/0015).
// Rounds half away from zero, as Intl.NumberFormat does.

const groupDigits = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const banglaDigits = (text: string) => text.replace(/\d/g, (d) => BANGLA_DIGITS[Number(d)]!);

/** South Asian grouping, as Bangladesh writes it: the last three digits, then pairs (1,00,00,000). */
const groupLakh = (whole: number) => {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
};

/** 85000 → 'Tk 85,000' in English, '৳৮৫,০০০' in Bangla (docs/product.md#prices). */
export function formatTk(amount: number, lang: Lang = 'en'): string {
  const whole = Math.round(Math.abs(amount));
  const sign = amount < 0 && whole !== 0 ? '-' : '';
  if (lang === 'bn') return `${sign}৳${banglaDigits(groupLakh(whole))}`;
  return `${CURRENCY_LABEL} ${sign}${groupDigits(whole)}`;
}

/** A whole count or number in the language's digits and grouping: 100000 → '1,00,000' → '১,০০,০০০'. */
export function formatNumber(value: number, lang: Lang = 'en'): string {
  const whole = Math.round(Math.abs(value));
  const sign = value < 0 && whole !== 0 ? '-' : '';
  return lang === 'bn' ? `${sign}${banglaDigits(groupLakh(whole))}` : `${sign}${groupDigits(whole)}`;
}

/** 1234 → '1,234' (counts: whole and not negative). */
export function formatCount(count: number): string {
  return groupDigits(Math.max(0, Math.round(count)));
}

/** Longer texts become their first `max` characters followed by '...' (docs/product.md#category-page). */
export function cutText(text: string, max: number = DESCRIPTION_CUT): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

// The market is Bangladesh: a post made late at night UTC is already the next day in Dhaka,
// and every visitor (and the server that renders the page) should see the same date whatever
// their zone. Bangladesh Standard Time is UTC+6 all year (no daylight saving since 2009), so the
// date is computed from a fixed offset: a time-zone Intl.DateTimeFormat loads the browser's zone
// data when it is created, which on /login was the largest single task of the first load
// (docs/decisions/0015).
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const twoDigits = (n: number) => String(n).padStart(2, '0');

const BANGLA_MONTHS = [
  'জানুয়ারি',
  'ফেব্রুয়ারি',
  'মার্চ',
  'এপ্রিল',
  'মে',
  'জুন',
  'জুলাই',
  'আগস্ট',
  'সেপ্টেম্বর',
  'অক্টোবর',
  'নভেম্বর',
  'ডিসেম্বর',
] as const;

/**
 * ISO timestamp → '22/11/2026' in English (day/month/year, Bangladesh time: docs/product.md#laptops),
 * '২২ নভেম্বর, ২০২৬' in Bangla (as Intl's bn-BD writes it).
 */
export function formatPostDate(iso: string, lang: Lang = 'en'): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const dhaka = new Date(time + DHAKA_OFFSET_MS);
  if (lang === 'bn') {
    const day = banglaDigits(String(dhaka.getUTCDate()));
    return `${day} ${BANGLA_MONTHS[dhaka.getUTCMonth()]}, ${banglaDigits(String(dhaka.getUTCFullYear()))}`;
  }
  return `${twoDigits(dhaka.getUTCDate())}/${twoDigits(dhaka.getUTCMonth() + 1)}/${dhaka.getUTCFullYear()}`;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
