import { t } from '@lingui/core/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import { VERIFICATION_NOTE_MAX } from '../../../../shared/users.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface VerifySellerDialogProps {
  seller: { name: string; email: string };
  busy: boolean;
  /** The server's refusal, in words. */
  error: string | null;
  onVerify: (note: string) => void;
  onClose: () => void;
}

/**
 * Verifying a seller asks on what grounds (docs/product.md#seller-verification): the note is kept
 * with who verified and when, and the seller's page shows since when they are verified.
 */
export function VerifySellerDialog({ seller, busy, error, onVerify, onClose }: VerifySellerDialogProps) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const grounds = note.trim();
    if (!grounds) {
      setMissing(true);
      boxRef.current?.focus();
      return;
    }
    onVerify(grounds);
  };
  return (
    <FormDialog
      title={t`Verify ${seller.name}`}
      subtitle={<span translate="no">{seller.email}</span>}
      busy={busy}
      error={error}
      submitLabel={t`Verify`}
      onSubmit={submit}
      onClose={onClose}
      onOpen={() => boxRef.current?.focus()}
    >
      <div className="grid gap-1">
        <label className="label text-sm font-semibold text-base-content" htmlFor={id}>
          {t`On what grounds?`}
        </label>
        <textarea
          ref={boxRef}
          id={id}
          rows={3}
          maxLength={VERIFICATION_NOTE_MAX}
          value={note}
          disabled={busy}
          onChange={(event) => {
            setNote(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
          className={`textarea w-full ${missing ? 'textarea-error' : ''}`}
          aria-required="true"
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className="text-sm text-base-content/70">
          {t`What you checked, for example: trade licence seen, NID checked at the shop. It is kept with your name and today's date.`}
        </p>
        {missing ? (
          <p id={errorId} className="text-sm text-error">
            {t`Say what you checked before verifying`}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
