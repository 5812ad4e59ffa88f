import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FaShieldAlt } from 'react-icons/fa';
import type { z } from 'zod';
import type { Order } from '../../../../shared/orders.ts';
import { bookingFormSchema } from '../../../../shared/orders.ts';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { VerifyPhoneLink } from '../../../components/verify-phone-link.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { type ApiError, isApiError } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { formatTk } from '../../../lib/format.ts';
import { meKey, useMe } from '../../../lib/me.ts';
import { toast } from '../../../lib/toast.ts';
import { type BookableLaptop, type Buyer, useBookLaptop } from '../api/use-book-laptop.ts';

/** The toast after a booking, word for word (docs/product.md#toasts). */
export const bookedMessage = (laptopName: string) => t`${laptopName} successfully Booked`;

/** The dialog's title: "Book Lenovo Legion 5". */
const bookTitle = (laptopName: string) => t`Book ${laptopName}`;

export interface BookingModalProps {
  laptop: BookableLaptop;
  buyer: Buyer;
  /** Called when the dialog has closed (Escape, the close button, or after a booking). */
  onClose: () => void;
  /** The order exists: refresh what depends on it (the buyer's orders, the laptop lists). */
  onBooked: (order: Order) => void;
  /** The server says the page is out of date (already booked, or the laptop is gone). */
  onStale?: (error: ApiError) => void;
}

type FormInput = z.input<typeof bookingFormSchema>;
type FormOutput = z.output<typeof bookingFormSchema>;

/**
 * The booking form in a modal dialog. Render it only while it is open: mounting opens it as a
 * native modal <dialog>, which makes the rest of the page inert (focus stays inside) and closes on
 * Escape; unmounting gives the focus back to whatever opened it.
 */
export function BookingModal({ laptop, buyer, onClose, onBooked, onStale }: BookingModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    name: `${id}-name`,
    email: `${id}-email`,
    laptop: `${id}-laptop`,
    price: `${id}-price`,
    phone: `${id}-phone`,
    phoneError: `${id}-phone-error`,
    address: `${id}-address`,
    addressError: `${id}-address-error`,
  };

  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { buyerPhoneNumber: '', meetingAddress: '' },
  });

  // The number the buyer gave before (docs/product.md#phone-numbers), unless they started typing.
  const queryClient = useQueryClient();
  // The verified number first (docs/product.md#phone-verification), else the one given last time.
  const me = useMe().data;
  const phone = me?.verified_phone ?? me?.phone;
  useEffect(() => {
    if (phone && !getValues('buyerPhoneNumber')) setValue('buyerPhoneNumber', phone);
  }, [phone, getValues, setValue]);

  const booking = useBookLaptop({
    onBooked: (order) => {
      void queryClient.invalidateQueries({ queryKey: meKey });
      onBooked(order);
      toast.success(bookedMessage(order.laptop_name || laptop.laptop_name));
      onClose();
    },
  });
  const busy = booking.isPending;

  // The read-only fields come first, but the phone number is what the buyer has to type.
  useModalDialog(dialogRef, { onOpen: () => setFocus('buyerPhoneNumber'), returnFocus: true });

  const submit = handleSubmit((details) => {
    booking.mutate(
      { laptop, buyer, details },
      {
        onError: (error) => {
          if (isApiError(error, 409) || isApiError(error, 404)) onStale?.(error);
        },
      },
    );
  });

  const serverError = booking.error ? errorText(booking.error, t`Something went wrong. Please try again.`) : null;

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={ids.title}
      onCancel={(event) => {
        // Escape: the browser would close the dialog itself; the owner unmounts it instead, and
        // not while the booking is being sent.
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="modal-box max-w-xl">
        <DialogHeader
          titleId={ids.title}
          title={userContentIn(bookTitle, laptop.laptop_name)}
          busy={busy}
          onClose={onClose}
        />

        <form noValidate onSubmit={submit} className="mt-3">
          <fieldset className="fieldset gap-3" disabled={busy}>
            <legend className="sr-only">{t`Booking details`}</legend>

            <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
              <ReadOnlyField id={ids.name} label={t`Name`} value={buyer.name} />
              <ReadOnlyField id={ids.email} label={t`Email`} value={buyer.email} type="email" />
              <ReadOnlyField id={ids.laptop} label={t`Laptop name`} value={laptop.laptop_name} />
              <ReadOnlyField id={ids.price} label={t`Price`} value={formatTk(laptop.resale_price)} />
            </div>

            <div className="grid gap-1">
              <label className="label" htmlFor={ids.phone}>
                {t`Phone number`}
              </label>
              <input
                id={ids.phone}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={t({
                  message: '01XXXXXXXXX',
                  comment: 'A Bangladeshi mobile number: 01, then nine digits',
                })}
                className={`input w-full ${errors.buyerPhoneNumber ? 'input-error' : ''}`}
                aria-invalid={errors.buyerPhoneNumber ? true : undefined}
                aria-describedby={errors.buyerPhoneNumber ? ids.phoneError : undefined}
                aria-required="true"
                {...register('buyerPhoneNumber')}
              />
              {errors.buyerPhoneNumber ? (
                <p id={ids.phoneError} className="text-sm text-error">
                  {translateMessage(errors.buyerPhoneNumber.message ?? '')}
                </p>
              ) : null}
            </div>

            <div className="grid gap-1">
              <label className="label" htmlFor={ids.address}>
                {t`Meeting address`}
              </label>
              <textarea
                id={ids.address}
                rows={2}
                autoComplete="street-address"
                placeholder={t`e.g. Bashundhara City, Panthapath, Dhaka`}
                className={`textarea min-h-0 w-full ${errors.meetingAddress ? 'textarea-error' : ''}`}
                aria-invalid={errors.meetingAddress ? true : undefined}
                aria-describedby={errors.meetingAddress ? ids.addressError : undefined}
                aria-required="true"
                {...register('meetingAddress')}
              />
              {errors.meetingAddress ? (
                <p id={ids.addressError} className="text-sm text-error">
                  {translateMessage(errors.meetingAddress.message ?? '')}
                </p>
              ) : null}
            </div>
          </fieldset>

          <div className="alert alert-info alert-soft mt-4 items-start px-3 py-2 text-sm">
            <FaShieldAlt aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              <strong>{t`Stay safe:`}</strong>{' '}
              {t`meet the seller in a public place, inspect the laptop before you pay, and never pay in advance.`}
            </p>
          </div>

          {serverError ? (
            <div role="alert" className="alert alert-error alert-soft mt-4 text-sm">
              <span>{serverError}</span>
              <VerifyPhoneLink error={booking.error} />
            </div>
          ) : null}

          <div className="modal-action mt-4">
            <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {t`Submit`}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}

function ReadOnlyField({
  id,
  label,
  value,
  type = 'text',
}: {
  id: string;
  label: string;
  value: string;
  type?: string;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type={type} className="input w-full bg-base-200" value={value} readOnly />
    </div>
  );
}
