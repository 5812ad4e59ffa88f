import { CURRENCY_LABEL, DESCRIPTION_CUT } from '../../shared/catalog.ts';

const tkNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 85000 → 'Tk 85,000' (docs/product.md#prices). */
export function formatTk(amount: number): string {
  return `${CURRENCY_LABEL} ${tkNumber.format(amount)}`;
}

/** Longer texts become their first `max` characters followed by '...' (docs/product.md#category-page). */
export function cutText(text: string, max: number = DESCRIPTION_CUT): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

// The market is Bangladesh: a post made late at night UTC is already the next day in Dhaka,
// and every visitor should see the same date whatever their device's zone.
const postDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka' });

/** ISO timestamp → '22/11/2026' (en-GB, Bangladesh time: docs/product.md#laptops). */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : postDate.format(date);
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
