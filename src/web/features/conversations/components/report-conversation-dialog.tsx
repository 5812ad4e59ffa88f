import { type FormEvent, useId, useRef, useState } from 'react';
import type { ConversationReportReason } from '../../../../shared/conversations.ts';
import { DetailsField } from '../../../components/details-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportConversation } from '../api/use-conversations.ts';
import { CONVERSATION_REPORT_REASONS, MESSAGE_TEXTS as T } from '../texts.ts';

interface ReportConversationDialogProps {
  conversationId: string;
  onClose: () => void;
}

function failureText(error: unknown): string {
  if (isApiError(error, 409)) return T.alreadyReported;
  return errorText(error, T.actionFailed);
}

/**
 * "Report conversation": a reason, and details (required with "Something else", at most 500
 * characters), as POST /api/conversations/{id}/report takes them (reportConversationBodySchema,
 * checked here by hand so that the thread's chunk carries no zod). Render it only while it is open.
 */
export function ReportConversationDialog({ conversationId, onClose }: ReportConversationDialogProps) {
  const firstReason = useRef<HTMLInputElement>(null);
  const id = useId();
  const [reason, setReason] = useState<ConversationReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [checked, setChecked] = useState(false);
  const report = useReportConversation(conversationId);
  const busy = report.isPending;
  const reasonError = checked && !reason ? T.chooseReason : null;
  const detailsError = checked && reason === 'other' && !details.trim() ? T.detailsMissing : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!reason || (reason === 'other' && !details.trim())) return;
    report.mutate(
      { reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(T.reportSent);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={T.reportTitle}
      subtitle={<p className="text-sm">{T.reportIntro}</p>}
      busy={busy}
      error={report.isError ? failureText(report.error) : null}
      submitLabel={T.send}
      onSubmit={submit}
      onClose={onClose}
      onOpen={() => firstReason.current?.focus()}
    >
      <div className="grid gap-4">
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-2 text-sm font-semibold">{T.reportReason}</legend>
          {CONVERSATION_REPORT_REASONS.map((value, index) => (
            <label key={value} className="flex cursor-pointer items-center gap-3 text-base">
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="radio radio-sm radio-primary"
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              />
              {T.reportReasonLabel(value)}
            </label>
          ))}
          {reasonError ? (
            <p id={`${id}-reason-error`} className="text-sm text-error">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <DetailsField
          id={`${id}-details`}
          label={T.details}
          hint={reason === 'other' ? T.detailsRequired : T.detailsOptional}
          required={reason === 'other'}
          length={details.length}
          error={detailsError}
          disabled={busy}
          textarea={{ value: details, onChange: (event) => setDetails(event.target.value) }}
        />
      </div>
    </FormDialog>
  );
}
