import { t } from '@lingui/core/macro';
import { useNavigate, useSearchParams } from 'react-router';
import { RESET_LINK } from '../../../../shared/reset-link.ts';
import { PageHead } from '../../../components/page-head.tsx';
import { paths } from '../../../lib/paths.ts';
import { AuthCard } from './auth-card.tsx';
import { ResetLinkInvalid, ResetPasswordForm } from './reset-password-form.tsx';

/** `/reset-password?token=…`: where the e-mail's link leads. After the reset, the login page. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get(RESET_LINK.tokenParam);

  return (
    <AuthCard
      title={t`Choose a new password`}
      intro={t`After the change, every device signed in to your account is logged out.`}
    >
      {/* The address holds a one-time token: no search engine should keep it. */}
      <PageHead
        title={t`New password — Laptop Haat`}
        description={t`Choose a new password for your Laptop Haat account.`}
        noIndex
      />
      {token ? (
        <ResetPasswordForm token={token} onReset={() => navigate(paths.login, { replace: true })} />
      ) : (
        <ResetLinkInvalid />
      )}
    </AuthCard>
  );
}
