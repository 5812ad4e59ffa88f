import { t } from '@lingui/core/macro';
import { type ReactNode, useId, useRef } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

interface ConfirmDialogProps {
  /** The question, word for word (docs/product.md#confirmations); the dialog's heading and accessible name. */
  question: string;
  /** Optional detail under the question, e.g. what exactly will be removed. */
  children?: ReactNode;
  /** Label of the button that goes ahead, e.g. 'Delete'. */
  confirmLabel: string;
  /** While the action runs: both buttons wait and Escape does not close the dialog. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before a destructive action (docs/product.md#confirmations). Render it only while it is open:
 * mounting opens it as a native modal dialog, which traps focus and closes on Escape.
 */
export function ConfirmDialog({
  question,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const detailId = useId();

  useModalDialog(ref);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape (the cancel event) and the Cancel button.
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={children ? detailId : undefined}
      onCancel={(event) => {
        // Escape: the browser would close the dialog itself; let the owner decide instead.
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        // A click beside the box lands on the dialog itself (the backdrop): cancel, as daisyUI's does.
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {question}
        </h2>
        {children ? (
          <div id={detailId} className="mt-3 text-base-content/80">
            {children}
          </div>
        ) : null}
        <div className="modal-action flex-wrap">
          {/* First in order, so the modal focuses the harmless choice. */}
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {t`Cancel`}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
