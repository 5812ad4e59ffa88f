import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type SignupInput, type SignupRole, signupSchema } from '../../../../shared/auth.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { recordUser, signUpWithEmail, startSession } from '../api/auth-api.ts';
import { applyServerErrors } from '../api/server-errors.ts';
import { AUTH_TOASTS } from './auth-toasts.ts';
import { FormAlert } from './form-alert.tsx';
import { passwordHint } from './password-hint.ts';
import { SubmitButton } from './submit-button.tsx';
import { FieldShell, TextField } from './text-field.tsx';

interface SignupFormProps {
  initialRole?: SignupRole;
  /** With the role chosen: a new seller goes on to list a laptop. */
  onSignedUp: (user: SessionUser, role: SignupInput['role']) => void;
}

export function SignupForm({ initialRole = 'buyer', onSignedUp }: SignupFormProps) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, z.output<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', role: initialRole, email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signUpWithEmail(values);
    } catch (error) {
      // An e-mail that already has an account is about the Email field: say it there.
      if (isApiError(error) && error.code === 'conflict') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(applyServerErrors(error, setError, ['name', 'role', 'email', 'password']));
      return;
    }
    // The client records the new user with POST /users (docs/product.md#routes). The account already
    // exists, so a failure here is only logged.
    await recordUser({ name: values.name, email: values.email, role: values.role, verified: false }).catch(
      (error: unknown) => console.error('[auth] could not record the new user:', error),
    );
    const user = await startSession(queryClient).catch((error: unknown) => {
      console.error('[auth] could not load the new session:', error);
      return null;
    });
    if (!user) {
      setFormError(t`Your account was created, but the page could not load it. Please log in.`);
      return;
    }
    toast.success(AUTH_TOASTS.signup);
    onSignedUp(user, values.role);
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-2" aria-label={t`Sign up`}>
      <FormAlert message={formError} />
      <TextField label={t`Name`} autoComplete="name" registration={register('name')} error={errors.name?.message} />
      <FieldShell label={t`Role`} error={errors.role?.message}>
        {(aria) => (
          <select {...register('role')} {...aria} className={`select w-full ${errors.role ? 'select-error' : ''}`}>
            <option value="buyer">{t`Buyer`}</option>
            <option value="seller">{t`Seller`}</option>
          </select>
        )}
      </FieldShell>
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
        autoComplete="new-password"
        hint={passwordHint()}
        registration={register('password')}
        error={errors.password?.message}
      />
      <SubmitButton busy={isSubmitting}>{t`Sign Up`}</SubmitButton>
    </form>
  );
}
