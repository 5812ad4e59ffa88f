import { t } from '@lingui/core/macro';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { paths } from '../../lib/paths.ts';

export function SignupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // `/signup?role=seller` (the hero's Sell Now) opens the form as a seller.
  const initialRole = params.get('role') === 'seller' ? 'seller' : 'buyer';

  return (
    <AuthCard title={t`Sign Up`} intro={t`Create an account to buy a used laptop, or to sell one.`}>
      <PageHead
        title={t`Sign Up — Laptop Haat`}
        description={t`Create a Laptop Haat account to buy or sell used laptops across Bangladesh.`}
      />
      <SignupForm
        initialRole={initialRole}
        onSignedUp={(_user, role) =>
          navigate(role === 'seller' ? paths.addAProductWelcome : paths.home, { replace: true })
        }
      />
      <p className="text-center text-sm">
        {t`Already have an account?`}{' '}
        <Link to={paths.login} className="link link-primary font-semibold">
          {t`Log in`}
        </Link>
      </p>
    </AuthCard>
  );
}
