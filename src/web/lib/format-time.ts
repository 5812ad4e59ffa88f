import { i18n } from '@lingui/core';
import { formatPostDate } from './format.ts';

// When a message was sent, in the page's language: apart from format.ts and format-bn.ts, which
// every page (or every Bangla page) loads, as only the conversations' pages show times of day.
// Written out, as those are, and held to Intl's answers by format.test.ts.

/** Bangladesh Standard Time, UTC+6 all year (format.ts says why a fixed offset). */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** The instant as Dhaka's clock reads it (read with the getUTC… methods), or null when unreadable. */
function inDhaka(iso: string): Date | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time + DHAKA_OFFSET_MS);
}

/** The Bangla parts of the day, as CLDR (and so Intl's bn-BD) names them, by the hour they start. */
const DAY_PERIODS = [
  [20, 'রাত্রি'],
  [18, 'সন্ধ্যা'],
  [16, 'বিকাল'],
  [12, 'দুপুর'],
  [6, 'সকাল'],
  [4, 'ভোর'],
  [0, 'রাত্রি'],
] as const;

/**
 * ISO timestamp → '3:05 PM' (Bangladesh time, as Intl's en-US writes it), or '৩:০৫ দুপুর' on a
 * Bangla page (as Intl's bn-BD writes it with its day period).
 */
export function formatTime(iso: string): string {
  const dhaka = inDhaka(iso);
  if (!dhaka) return '';
  const hour = dhaka.getUTCHours();
  const clock = `${hour % 12 || 12}:${String(dhaka.getUTCMinutes()).padStart(2, '0')}`;
  if (i18n.locale !== 'bn') return `${clock} ${hour < 12 ? 'AM' : 'PM'}`;
  const period = DAY_PERIODS.find(([from]) => hour >= from)![1];
  return `${clock.replace(/\d/g, (d) => BANGLA_DIGITS[Number(d)]!)} ${period}`;
}

/** The day in Dhaka an instant falls on, as a number: two instants on the same day give the same. */
const dhakaDay = (iso: string) => Math.floor((inDhaka(iso)?.getTime() ?? Number.NaN) / 86_400_000);

/**
 * When a message was sent: its time of day when that was today in Dhaka ('3:05 PM'), else its
 * date and time ('20/11/2026, 3:05 PM'); in Bangla on a Bangla page.
 */
export function formatMessageTime(iso: string, now: number = Date.now()): string {
  const day = dhakaDay(iso);
  if (Number.isNaN(day)) return '';
  if (day === dhakaDay(new Date(now).toISOString())) return formatTime(iso);
  return `${formatPostDate(iso)}, ${formatTime(iso)}`;
}
