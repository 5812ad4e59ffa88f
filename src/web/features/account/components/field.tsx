import { t } from '@lingui/core/macro';
import { type InputHTMLAttributes, useId } from 'react';
import { errorText } from '../../../i18n/api-errors.ts';

// The pieces every form of the account page is made of: a labelled input, and the refusal of the
// last attempt in the page's language (worded from the error's code, docs/decisions/0032).

export function Field({
  label,
  value,
  onValue,
  className = 'input w-full',
  ...input
}: { label: string; value: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id'
>) {
  const id = useId();
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={className} value={value} onChange={(e) => onValue(e.target.value)} {...input} />
    </div>
  );
}

export function Refusal({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-error">
      {errorText(error, t`Something went wrong. Please try again.`)}
    </p>
  );
}

/** The form's button, with the refusal of its last attempt above it. */
export function Submit({
  label,
  pending,
  error,
  className = 'btn btn-primary self-start',
}: {
  label: string;
  pending: boolean;
  error: unknown;
  className?: string;
}) {
  return (
    <>
      <Refusal error={error} />
      <button type="submit" className={className} disabled={pending}>
        {label}
      </button>
    </>
  );
}

export const SECTION = 'rounded-box border border-base-300 bg-base-100 p-4 sm:p-5';
