import { t } from '@lingui/core/macro';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FaTimes } from 'react-icons/fa';
import type { z } from 'zod';
import { REPORT_REASONS } from '../../../../shared/catalog.ts';
import {
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
  reportFormSchema,
} from '../../../../shared/reports.ts';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { formatCount } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportListing } from '../api/use-report-listing.ts';

// The dialog's words, together, in the page's language (docs/i18n.md): each is a getter, read when it
// is shown (the reasons and the API's messages are in src/shared/reports.ts, shown through
// translateMessage).
export const REPORT_DIALOG_TEXT = {
  get title() {
    return t`Report this listing`;
  },
  get form() {
    return t`Your report`;
  },
  get reason() {
    return t`What is wrong with it?`;
  },
  get details() {
    return t`Details`;
  },
  get detailsRequired() {
    return t`Required for “Other”: tell us what is wrong.`;
  },
  get detailsOptional() {
    return t`Optional: anything that helps us check.`;
  },
  get send() {
    return t`Send`;
  },
  get cancel() {
    return t`Cancel`;
  },
  get close() {
    return t`Close`;
  },
  get sent() {
    return t`Thank you. We will look into this listing.`;
  },
  get tooMany() {
    return t`You have sent several reports in the last hour. Please try again later.`;
  },
  get failed() {
    return t`Something went wrong. Please try again.`;
  },
};
const TEXT = REPORT_DIALOG_TEXT;

type FormInput = z.input<typeof reportFormSchema>;
type FormOutput = z.output<typeof reportFormSchema>;

interface ReportDialogProps {
  laptopId: string;
  laptopName: string;
  /** Called to close the dialog (Cancel, Escape, the close button, or after a report is sent). */
  onClose: () => void;
}

function failureText(error: unknown): string {
  if (isApiError(error, 409)) return translateMessage(REPORT_MESSAGES.alreadyReported);
  if (isApiError(error, 429)) return TEXT.tooMany;
  return errorText(error, TEXT.failed);
}

/**
 * The report form in a modal dialog. Render it only while it is open: mounting opens it as a
 * native modal <dialog>, which makes the rest of the page inert (focus stays inside) and closes on
 * Escape; unmounting gives the focus back to whatever opened it.
 */
export function ReportDialog({ laptopId, laptopName, onClose }: ReportDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    reasonError: `${id}-reason-error`,
    details: `${id}-details`,
    detailsHint: `${id}-details-hint`,
    detailsError: `${id}-details-error`,
  };

  const {
    register,
    handleSubmit,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: { details: '' },
  });
  const report = useReportListing();
  const busy = report.isPending;
  const other = watch('reason') === 'other';
  const length = String(watch('details') ?? '').length;

  useModalDialog(dialogRef, { onOpen: () => setFocus('reason'), returnFocus: true });

  const submit = handleSubmit(({ reason, details }) => {
    report.mutate(
      { laptopId, reason, details },
      {
        onSuccess: () => {
          toast.success(TEXT.sent);
          onClose();
        },
      },
    );
  });

  const detailsDescribedBy = [ids.detailsHint, errors.details ? ids.detailsError : ''].filter(Boolean).join(' ');

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={ids.title}
      onCancel={(event) => {
        // Escape: the browser would close the dialog itself; the owner unmounts it instead, and
        // not while the report is being sent.
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="modal-box max-w-lg">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={ids.title} className="text-xl font-bold leading-snug">
              {TEXT.title}
            </h2>
            <p className="mt-1 truncate text-base-content/70" translate="no">
              {laptopName}
            </p>
          </div>
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-sm"
            aria-label={TEXT.close}
            onClick={onClose}
            disabled={busy}
          >
            <FaTimes aria-hidden="true" />
          </button>
        </div>

        <form noValidate onSubmit={submit} className="mt-4">
          <fieldset className="fieldset gap-4" disabled={busy}>
            <legend className="sr-only">{TEXT.form}</legend>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-semibold">{TEXT.reason}</legend>
              {REPORT_REASONS.map((reason) => (
                <label key={reason} className="flex cursor-pointer items-center gap-3 text-base">
                  <input
                    type="radio"
                    value={reason}
                    className="radio radio-sm radio-primary"
                    aria-invalid={errors.reason ? true : undefined}
                    aria-describedby={errors.reason ? ids.reasonError : undefined}
                    {...register('reason')}
                  />
                  {translateMessage(REPORT_REASON_LABELS[reason])}
                </label>
              ))}
              {errors.reason ? (
                <p id={ids.reasonError} className="text-sm text-error">
                  {translateMessage(errors.reason.message ?? '')}
                </p>
              ) : null}
            </fieldset>

            <div className="grid gap-1">
              <label className="label text-sm font-semibold text-base-content" htmlFor={ids.details}>
                {TEXT.details}
              </label>
              <textarea
                id={ids.details}
                rows={3}
                maxLength={REPORT_TEXT_MAX}
                className={`textarea w-full ${errors.details ? 'textarea-error' : ''}`}
                aria-invalid={errors.details ? true : undefined}
                aria-required={other ? 'true' : undefined}
                aria-describedby={detailsDescribedBy}
                {...register('details')}
              />
              <div className="flex justify-between gap-3 text-sm text-base-content/70">
                <p id={ids.detailsHint}>{other ? TEXT.detailsRequired : TEXT.detailsOptional}</p>
                <p aria-hidden="true">
                  {formatCount(length)}/{formatCount(REPORT_TEXT_MAX)}
                </p>
              </div>
              {errors.details ? (
                <p id={ids.detailsError} className="text-sm text-error">
                  {translateMessage(errors.details.message ?? '')}
                </p>
              ) : null}
            </div>
          </fieldset>

          {report.isError ? (
            <div role="alert" className="alert alert-error alert-soft mt-4 text-sm">
              {failureText(report.error)}
            </div>
          ) : null}

          <div className="modal-action mt-4">
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              {TEXT.cancel}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {TEXT.send}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
