import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { REPORT_REASONS } from '../../../../shared/catalog.ts';
import { REPORT_MESSAGES, REPORT_REASON_LABELS, reportFormSchema } from '../../../../shared/reports.ts';
import { DetailsField } from '../../../components/details-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
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
  const id = useId();
  const ids = {
    reasonError: `${id}-reason-error`,
    details: `${id}-details`,
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

  return (
    <FormDialog
      title={TEXT.title}
      subtitle={
        <p className="truncate" translate="no">
          {laptopName}
        </p>
      }
      busy={busy}
      error={report.isError ? failureText(report.error) : null}
      submitLabel={TEXT.send}
      onSubmit={submit}
      onClose={onClose}
      onOpen={() => setFocus('reason')}
    >
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

        <DetailsField
          id={ids.details}
          label={TEXT.details}
          hint={other ? TEXT.detailsRequired : TEXT.detailsOptional}
          required={other}
          length={length}
          error={errors.details ? translateMessage(errors.details.message ?? '') : null}
          textarea={register('details')}
        />
      </fieldset>
    </FormDialog>
  );
}
