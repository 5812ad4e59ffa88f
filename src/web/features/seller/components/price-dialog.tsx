import { type FormEvent, useId, useRef, useState } from 'react';
import { productUpdateSchema } from '../../../../shared/laptops.ts';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { MY_PRODUCTS_TEXTS as T } from '../messages.ts';

// The server's own rule for a new price (whole Tk within bounds, LAPTOP_MESSAGES.price), so the
// dialog refuses exactly what the server would, in the same words.
const priceSchema = productUpdateSchema.shape.resale_price.unwrap();

interface PriceDialogProps {
  laptopName: string;
  price: number;
  /** While the new price is being saved: the buttons wait and Escape does not close the dialog. */
  busy?: boolean;
  onSave: (price: number) => void;
  onCancel: () => void;
}

/**
 * A small modal form for a laptop's new price (docs/product.md#my-products). Render it only while it
 * is open: mounting opens it as a native modal dialog, as ConfirmDialog does.
 */
export function PriceDialog({ laptopName, price, busy = false, onSave, onCancel }: PriceDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [value, setValue] = useState(String(price));
  const [error, setError] = useState<string | null>(null);

  useModalDialog(ref);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = priceSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    // The same price changes nothing: there is nothing to send.
    if (parsed.data === price) onCancel();
    else onSave(parsed.data);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape (the cancel event) and the Cancel button.
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <form className="modal-box" noValidate onSubmit={submit}>
        <h2 id={titleId} className="text-lg font-bold">
          {T.priceDialogTitle}
        </h2>
        <p className="mt-1 text-base-content/80">
          {userContentIn(T.priceDialogLaptop, laptopName)} {T.priceNow(price)}
        </p>
        <div className="mt-4 grid gap-1">
          <label htmlFor={inputId} className="font-medium">
            {T.priceLabel}
          </label>
          <input
            id={inputId}
            name="resale_price"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`input w-full ${error ? 'input-error' : ''}`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          />
          {error ? (
            <p id={errorId} className="text-sm text-error">
              {translateMessage(error)}
            </p>
          ) : null}
          <p id={hintId} className="text-sm text-base-content/70">
            {T.priceHint}
          </p>
        </div>
        <div className="modal-action flex-wrap">
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {T.savePrice}
          </button>
        </div>
      </form>
    </dialog>
  );
}
