import { i18n } from '@lingui/core';
import { CURRENCY_LABEL, DESCRIPTION_CUT } from '../../shared/catalog.ts';

type BanglaFormats = typeof import('./format-bn.ts');

/**
 * The Bangla formats, once a Bangla page has loaded them (i18n/i18n.ts; the server loads them
 * always): English pages never download them. The formatters below write Bangla while the page's
 * language is Bangla.
 */
let bangla: BanglaFormats | undefined;
export function setBanglaFormats(formats: BanglaFormats): void {
  bangla = formats;
}
const inBangla = () => (bangla && i18n.locale === 'bn' ? bangla : undefined);

// Whole taka with thousands grouped, written out rather than with Intl.NumberFormat: the first
// Intl formatter a page creates loads the browser's locale data, about 45 ms on this machine and
// four times that on a slow phone, in the middle of hydrating the home page (docs/decisions/0015).
// Rounds half away from zero, as Intl.NumberFormat does.

const groupDigits = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 85000 → 'Tk 85,000' (docs/product.md#prices). */
export function formatTk(amount: number): string {
  const bn = inBangla();
  if (bn) return bn.formatTkBn(amount);
  const whole = Math.round(Math.abs(amount));
  return `${CURRENCY_LABEL} ${amount < 0 && whole !== 0 ? '-' : ''}${groupDigits(whole)}`;
}

/** 1234 → '1,234' (counts: whole and not negative). */
export function formatCount(count: number): string {
  const bn = inBangla();
  if (bn) return bn.formatNumberBn(Math.max(0, count));
  return groupDigits(Math.max(0, Math.round(count)));
}

/** An average of stars, always to one decimal: 4.3 → '4.3', 5 → '5.0' (Bangla digits on a Bangla page). */
export function formatRating(value: number): string {
  const bn = inBangla();
  return bn ? bn.formatRatingBn(value) : value.toFixed(1);
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

/** ISO timestamp → '22/11/2026' (day/month/year, Bangladesh time: docs/product.md#laptops). */
export function formatPostDate(iso: string): string {
  const bn = inBangla();
  if (bn) return bn.formatPostDateBn(iso);
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const dhaka = new Date(time + DHAKA_OFFSET_MS);
  return `${twoDigits(dhaka.getUTCDate())}/${twoDigits(dhaka.getUTCMonth() + 1)}/${dhaka.getUTCFullYear()}`;
}

/** 2026 → '2026', or '২০২৬' on a Bangla page (a year is not grouped). */
export function formatYear(year: number): string {
  const bn = inBangla();
  return bn ? bn.formatNumberBn(year).replace(',', '') : String(year);
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
