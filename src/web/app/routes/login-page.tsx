import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { GOOGLE_ERROR } from '../../features/auth/api/auth-api.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { FormAlert } from '../../features/auth/components/form-alert.tsx';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { paths } from '../../lib/paths.ts';
import { sessionQuery } from '../../lib/session.ts';
import { FROM_PARAM, safeReturnPath } from '../guards.ts';

export const googleFailedMessage = () =>
  t`Sign in with Google did not complete. Please try again, or log in with your email and password.`;

export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useQuery(sessionQuery());
  // The guard passes the origin in the address (it survives a reload); links may pass it as state.
  const stateFrom = (location.state as { from?: unknown } | null)?.from;
  const from = params.get(FROM_PARAM) ?? (typeof stateFrom === 'string' ? stateFrom : null);
  const googleFailed = params.getAll(GOOGLE_ERROR.param).includes(GOOGLE_ERROR.value);

  return (
    <AuthCard title={t`Log In`} intro={t`Welcome back. Log in to book laptops or manage your listings.`}>
      <PageHead
        title={t`Log In — Laptop Haat`}
        description={t`Log in to Laptop Haat to book used laptops or manage your listings.`}
      />
      {googleFailed ? <FormAlert message={googleFailedMessage()} /> : null}
      {session.data ? (
        <FormAlert
          tone="info"
          message={t`You are signed in as ${session.data.name}. Some pages need a seller or admin account: log in below to switch accounts.`}
        />
      ) : null}
      <LoginForm onLoggedIn={() => navigate(safeReturnPath(from), { replace: true })} />
      <GoogleSignInButton />
      <p className="text-center text-sm">
        {t`New to Laptop Haat?`}{' '}
        <Link to={paths.signup} className="link link-primary font-semibold">
          {t`Sign up`}
        </Link>
      </p>
    </AuthCard>
  );
}
