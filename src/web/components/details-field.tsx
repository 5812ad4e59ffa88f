import type { ComponentProps } from 'react';
import { REPORT_TEXT_MAX } from '../../shared/rules.ts';
import { formatCount } from '../lib/format.ts';

interface DetailsFieldProps {
  id: string;
  label: string;
  /** The hint under the box: whether it must be filled (it is with the reason "other"). */
  hint: string;
  required: boolean;
  /** How many characters are in it, for the counter. */
  length: number;
  error?: string | null | undefined;
  disabled?: boolean;
  /** The box's value and handlers (react-hook-form's `register`, or `value` and `onChange`). */
  textarea: ComponentProps<'textarea'>;
}

/** A report's free-text details: at most REPORT_TEXT_MAX characters, with a counter, a hint and its error. */
export function DetailsField({ id, label, hint, required, length, error, disabled, textarea }: DetailsFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <label className="label text-sm font-semibold text-base-content" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        rows={3}
        maxLength={REPORT_TEXT_MAX}
        disabled={disabled}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required ? 'true' : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <div className="flex justify-between gap-3 text-sm text-base-content/70">
        <p id={hintId}>{hint}</p>
        <p aria-hidden="true">
          {formatCount(length)}/{formatCount(REPORT_TEXT_MAX)}
        </p>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
