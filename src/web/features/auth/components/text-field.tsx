import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { translateMessage } from '../../../i18n/shared-messages.ts';

interface FieldShellProps {
  label: string;
  /** A validation or server message (English, from src/shared): shown in the page's language. */
  error?: string;
  hint?: string;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/**
 * A labelled control with its hint and its error in red underneath (docs/product.md#validation-messages),
 * wired for assistive technology: the label names the control, the error is announced as its description.
 */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pt-0 pb-1 text-sm">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-error text-sm">
          {translateMessage(error)}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-base-content/70 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  label: string;
  error?: string;
  hint?: string;
  registration: UseFormRegisterReturn;
}

export function TextField({ label, error, hint, registration, className = '', ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(aria) => (
        <input
          {...input}
          {...registration}
          {...aria}
          className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        />
      )}
    </FieldShell>
  );
}
