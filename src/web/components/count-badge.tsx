import { formatCount } from '../lib/format.ts';

/**
 * The small count on a navbar icon (inside daisyUI's `indicator`), "99+" above 99; nothing at 0.
 * Hidden from screen readers: the icon's accessible name says the count in words.
 */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" className="indicator-item badge badge-error badge-xs min-w-4 px-1">
      {count > 99 ? `${formatCount(99)}+` : formatCount(count)}
    </span>
  );
}
