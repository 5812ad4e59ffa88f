import { t } from '@lingui/core/macro';
import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import { DialogHeader } from './dialog-header.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

interface FormDialogProps {
  /** The dialog's heading and accessible name. */
  title: string;
  /** Under the title: what the form is about (a listing's name, a sentence). */
  subtitle?: ReactNode;
  /** While the form is sent: the buttons wait and Escape does not close it. */
  busy: boolean;
  /** The server's refusal, in words, shown above the buttons. */
  error?: string | null;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Cancel, Escape and the close button. */
  onClose: () => void;
  /** Runs once it opens (to focus the field that matters). */
  onOpen?: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A small form in a modal dialog (a report): title, close button, the fields, the server's refusal
 * and Cancel / submit. Render it only while it is open: mounting opens it as a native modal, which
 * makes the rest of the page inert and closes on Escape; unmounting gives the focus back.
 */
export function FormDialog({
  title,
  subtitle,
  busy,
  error,
  submitLabel,
  onSubmit,
  onClose,
  onOpen,
  children,
}: FormDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(dialogRef, { onOpen, returnFocus: true });
  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the browser would close the dialog itself; the owner unmounts it instead, and
        // not while the form is being sent.
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="modal-box max-w-lg">
        <DialogHeader titleId={titleId} title={title} subtitle={subtitle} busy={busy} onClose={onClose} />
        <form noValidate onSubmit={onSubmit} className="mt-4">
          {children}
          {error ? (
            <div role="alert" className="alert alert-error alert-soft mt-4 text-sm">
              {error}
            </div>
          ) : null}
          <div className="modal-action mt-4">
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              {t`Cancel`}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {submitLabel}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
