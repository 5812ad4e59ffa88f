import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { resetPasswordSchema } from '../../../../shared/auth.ts';
import { RESET_LINK } from '../../../../shared/reset-link.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { formatCount } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { resetPassword } from '../api/auth-api.ts';
import { applyServerErrors } from '../api/server-errors.ts';
import { FormAlert } from './form-alert.tsx';
import { passwordHint } from './password-hint.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

const newPasswordSchema = resetPasswordSchema.pick({ newPassword: true });
type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** A link that no longer works: unknown, expired or used (the server does not say which). */
export function ResetLinkInvalid() {
  const minutes = formatCount(RESET_LINK.minutes);
  return (
    <div className="flex flex-col gap-3">
      <FormAlert
        message={t`This reset link has expired or has already been used. Links work once, for ${minutes} minutes. Please ask for a new one.`}
      />
      <Link to={paths.forgotPassword} className="btn btn-primary w-full">
        {t`Ask for a new link`}
      </Link>
    </div>
  );
}

interface ResetPasswordFormProps {
  /** The token of the e-mail's link. */
  token: string;
  /** Called once the new password is set (every session, this one too, has ended). */
  onReset: () => void;
}

export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const queryClient = useQueryClient();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput, unknown, z.output<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    try {
      await resetPassword(queryClient, { token, newPassword });
    } catch (error) {
      if (isApiError(error) && error.fields?.token) setLinkInvalid(true);
      else setFormError(applyServerErrors(error, setError, ['newPassword']));
      return;
    }
    toast.success(t`Your password has been changed. Log in with your new password.`);
    onReset();
  });

  if (linkInvalid) return <ResetLinkInvalid />;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-2"
      aria-label={t`Choose a new password`}
    >
      <FormAlert message={formError} />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        hint={passwordHint()}
        registration={register('newPassword')}
        error={errors.newPassword?.message}
      />
      <SubmitButton busy={isSubmitting}>{t`Set new password`}</SubmitButton>
    </form>
  );
}
