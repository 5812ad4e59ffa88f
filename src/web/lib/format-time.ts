import { formatPostDate, inBangla, inDhaka } from './format.ts';

// When a message was sent, in the page's language: apart from format.ts, which the first load
// carries, as only the conversations' pages show times of day.

/** ISO timestamp → '3:05 PM' (Bangladesh time), or '৩:০৫ দুপুর' on a Bangla page. */
export function formatTime(iso: string): string {
  const bn = inBangla();
  if (bn) return bn.formatTimeBn(iso);
  const dhaka = inDhaka(iso);
  if (!dhaka) return '';
  const hour = dhaka.getUTCHours();
  return `${hour % 12 || 12}:${String(dhaka.getUTCMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
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
