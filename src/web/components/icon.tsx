// The first load's icons, drawn with <use> from the sprite in every page (index.html, symbols
// `icon-…`): as icon components their drawings and react-icons' runtime were 3.8 KiB of the first
// load's JavaScript (budget: docs/performance.md#targets); as a sprite file each page built an SVG
// document for it. Lazy pages keep using react-icons.

export type IconName =
  | 'bars'
  | 'chevron-down'
  | 'times'
  | 'gamepad'
  | 'gem'
  | 'laptop'
  | 'truck-moving'
  | 'support'
  | 'patch-check'
  | 'team';

/** A decorative icon, 1em square unless `className` sizes it, in the text's colour. */
/** The site's logo (public/favicon.svg's drawing), 36 px unless `className` sizes it. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width={36} height={36} className={className}>
      <use href="#icon-logo" />
    </svg>
  );
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width="1em" height="1em" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
