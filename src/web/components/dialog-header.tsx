import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { FaTimes } from 'react-icons/fa';

/**
 * A modal dialog's heading (its accessible name, by `titleId`), an optional line under it, and the
 * Close button, which waits while the dialog's form is being sent.
 */
export function DialogHeader({
  titleId,
  title,
  subtitle,
  busy,
  onClose,
}: {
  titleId: string;
  title: ReactNode;
  subtitle?: ReactNode;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 id={titleId} className="text-xl font-bold leading-snug">
          {title}
        </h2>
        {subtitle ? <div className="mt-1 text-base-content/70">{subtitle}</div> : null}
      </div>
      <button
        type="button"
        className="btn btn-circle btn-ghost btn-sm"
        aria-label={t`Close`}
        onClick={onClose}
        disabled={busy}
      >
        <FaTimes aria-hidden="true" />
      </button>
    </div>
  );
}
