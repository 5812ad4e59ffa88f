import { t } from '@lingui/core/macro';
import { PageHead } from '../../../components/page-head.tsx';
import { AccountSettings } from '../../../features/account/components/account-settings.tsx';
import { SECTION } from '../../../features/account/components/field.tsx';
import { PushSwitch } from '../../../features/push/components/push-switch.tsx';

// Every role's account settings (docs/product.md#account-settings); the dashboard's guard keeps
// anonymous visitors out (the server refuses them too).
export function AccountPage() {
  return (
    <section className="min-w-0">
      <PageHead title={t`Account settings — Laptop Haat`} noIndex />
      <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t`Account settings`}</h2>
      <AccountSettings>
        <PushSwitch className={SECTION} />
      </AccountSettings>
    </section>
  );
}
