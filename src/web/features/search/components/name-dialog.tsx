import { type FormEvent, useId, useRef, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { SAVED_SEARCH_TEXTS as T } from '../saved-search-texts.ts';

/** The longest name (`SAVED_SEARCH_NAME_MAX` in shared/saved-searches.ts, which brings zod). */
export const NAME_MAX = 80;

interface NameDialogProps {
  title: string;
  intro?: string;
  initialName: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** A saved search's name, asked when it is saved and when it is renamed. Render it only while it is open. */
export function NameDialog({
  title,
  intro,
  initialName,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initialName);
  const [checked, setChecked] = useState(false);
  const missing = checked && !name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (name.trim()) onSubmit(name.trim());
  };
  return (
    <FormDialog
      title={title}
      subtitle={intro ? <p className="text-sm">{intro}</p> : undefined}
      busy={busy}
      error={error}
      submitLabel={submitLabel}
      onSubmit={submit}
      onClose={onClose}
      onOpen={() => field.current?.select()}
    >
      <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-semibold">
        {T.name}
      </label>
      <input
        ref={field}
        id={`${id}-name`}
        className="input w-full"
        value={name}
        maxLength={NAME_MAX}
        disabled={busy}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
      />
      {missing ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error">
          {T.nameMissing}
        </p>
      ) : null}
    </FormDialog>
  );
}
