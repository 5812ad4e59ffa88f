import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { type LoginInput, loginSchema } from '../../../../shared/auth.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { paths } from '../../../lib/paths.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { signInWithEmail, startSession } from '../api/auth-api.ts';
import { applyServerErrors } from '../api/server-errors.ts';
import { AUTH_TOASTS } from './auth-toasts.ts';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

interface LoginFormProps {
  /** Called once signed in, the access token stored and the toast shown. */
  onLoggedIn: (user: SessionUser) => void;
}

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signInWithEmail(values);
    } catch (error) {
      // The server's message for a wrong password does not say whether the e-mail exists.
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
      return;
    }
    const user = await startSession(queryClient).catch((error: unknown) => {
      console.error('[auth] could not load the new session:', error);
      return null;
    });
    if (!user) {
      setFormError(t`You are signed in, but the page could not load your account. Please reload the page.`);
      return;
    }
    toast.success(AUTH_TOASTS.login);
    onLoggedIn(user);
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-2" aria-label={t`Log in`}>
      <FormAlert message={formError} />
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <Link to={paths.forgotPassword} className="link link-primary self-end text-sm">
        {t`Forgot password?`}
      </Link>
      <SubmitButton busy={isSubmitting}>{t`Log In`}</SubmitButton>
    </form>
  );
}
