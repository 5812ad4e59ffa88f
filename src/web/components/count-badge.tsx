import { plural } from '@lingui/core/macro';
import { formatCount } from '../lib/format.ts';

/**
 * The small count on a navbar icon (inside daisyUI's `indicator`), "99+" above 99; nothing at 0.
 * Hidden from screen readers: the icon's accessible name says the count in words (`unreadText`).
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" className="indicator-item badge badge-error badge-xs min-w-4 px-1">
      {count > 99 ? `${formatCount(99)}+` : formatCount(count)}
    </span>
  );
}

/** "3 unread", in the page's language and digits: the bell, Messages and each conversation say it. */
export function unreadText(n: number): string {
  const count = formatCount(n);
  return plural(n, { one: `${count} unread`, other: `${count} unread` });
}
