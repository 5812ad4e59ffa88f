import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { PageHead } from '../../../components/page-head.tsx';
import { paths } from '../../../lib/paths.ts';
import { AuthCard } from './auth-card.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

/** `/forgot-password`: the login page's "Forgot password?". */
export function ForgotPasswordPage() {
  return (
    <AuthCard
      title={t`Forgot password?`}
      intro={t`Enter the email of your account. We will send you a link to choose a new password.`}
    >
      <PageHead
        title={t`Forgot password — Laptop Haat`}
        description={t`Reset the password of your Laptop Haat account by email.`}
      />
      <ForgotPasswordForm />
      <p className="text-center text-sm">
        {t`Remembered it?`}{' '}
        <Link to={paths.login} className="link link-primary font-semibold">
          {t`Log in`}
        </Link>
      </p>
    </AuthCard>
  );
}
