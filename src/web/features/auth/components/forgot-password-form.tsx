import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type RequestResetInput, requestResetSchema } from '../../../../shared/auth.ts';
import { RESET_LINK } from '../../../../shared/reset-link.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { formatCount } from '../../../lib/format.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { applyServerErrors } from '../api/server-errors.ts';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

/** Asks for a reset link; then says where it went, in words that do not tell whether the account exists. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RequestResetInput, unknown, z.output<typeof requestResetSchema>>({
    resolver: zodResolver(requestResetSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  if (sentTo) {
    const minutes = formatCount(RESET_LINK.minutes);
    return (
      <div role="status" className="alert alert-success alert-soft text-sm">
        <span>
          {t`If an account uses ${sentTo}, we have sent it a link to choose a new password. The link works once, for ${minutes} minutes. If the email has not come in a few minutes, look in the spam folder.`}
        </span>
      </div>
    );
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-2"
      aria-label={t`Reset your password`}
    >
      <FormAlert message={formError} />
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <SubmitButton busy={isSubmitting}>{t`Send reset link`}</SubmitButton>
    </form>
  );
}
