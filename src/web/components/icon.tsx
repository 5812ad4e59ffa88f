// The first load's icons, drawn from one static sprite (public/images/icons.svg) with <use>: as
// icon components their drawings and react-icons' runtime were 3.8 KiB of the first load's
// JavaScript (budget: docs/performance.md#targets). Lazy pages keep using react-icons.

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
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" width="1em" height="1em" className={className}>
      <use href={`/images/icons.svg#${name}`} />
    </svg>
  );
}
