import { t } from '@lingui/core/macro';

interface SpinnerProps {
  /** Fill the main area (a page loading) rather than sit inline in a section. */
  fullPage?: boolean;
}

export function Spinner({ fullPage = false }: SpinnerProps) {
  return (
    <div role="status" aria-label={t`Loading`} className={`flex justify-center ${fullPage ? 'py-32' : 'py-10'}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      {/* Live regions announce their text content; the label alone is not reliably read out. */}
      <span className="sr-only">{t`Loading`}</span>
    </div>
  );
}
