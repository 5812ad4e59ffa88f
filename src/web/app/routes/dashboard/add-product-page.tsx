import { t } from '@lingui/core/macro';
import { useNavigate } from 'react-router';
import { LAPTOP_MESSAGES } from '../../../../shared/laptops.ts';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { AddLaptopForm } from '../../../features/seller/components/add-laptop-form.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

// Seller only (docs/product.md#add-a-product); the dashboard's seller guard keeps everyone else out
// (the server refuses them too).
export function AddProductPage() {
  const session = useSession();
  const navigate = useNavigate();

  return (
    <section className="min-w-0">
      <PageHead title={t`Add A Product — Laptop Haat`} noIndex />
      <h2 className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">{t`Add A Product`}</h2>
      <p className="mb-6 text-base-content/70">
        {t`List a used laptop for sale. Every field is required; buyers see your mobile number and location.`}
      </p>
      {session.status === 'signedIn' ? (
        <div className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <AddLaptopForm
            sellerEmail={session.user.email}
            onAdded={() => {
              toast.success(translateMessage(LAPTOP_MESSAGES.added));
              void navigate(paths.myProducts);
            }}
          />
        </div>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
