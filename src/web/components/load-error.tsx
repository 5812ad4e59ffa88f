import { t } from '@lingui/core/macro';

interface LoadErrorProps {
  /** What could not be loaded, e.g. t`our services`. */
  what: string;
}

// A failed load gets no toast (docs/product.md#failed-calls), but an empty gap where content should be
// reads as a bug, so this line takes its place.
export function LoadError({ what }: LoadErrorProps) {
  return (
    <p className="py-8 text-center text-base-content/70">{t`Could not load ${what} right now. Please try again later.`}</p>
  );
}
