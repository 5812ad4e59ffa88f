import { t } from '@lingui/core/macro';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LAPTOP_MESSAGES } from '../../../../shared/laptops.ts';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { PriceGuideHint } from '../../../features/price-guide/components/price-guide-hint.tsx';
import { AddLaptopForm } from '../../../features/seller/components/add-laptop-form.tsx';
import { tellIfHeld } from '../../../features/seller/components/listing-review.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

// Seller only (docs/product.md#add-a-product); the dashboard's seller guard keeps everyone else out
// (the server refuses them too).
export function AddProductPage() {
  const session = useSession();
  const navigate = useNavigate();
  // A new seller arrives here from sign-up (docs/product.md#seller-onboarding).
  const [params] = useSearchParams();
  const welcome = params.get('welcome') === '1';

  return (
    <section className="min-w-0">
      <PageHead title={t`Add A Product — Laptop Haat`} noIndex />
      <h2 className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">{t`Add A Product`}</h2>
      <p className="mb-6 text-base-content/70">
        {t`List a used laptop for sale. Every field is required; buyers see your mobile number and location.`}
      </p>
      {welcome ? (
        <div role="status" className="alert alert-info alert-soft mb-6 max-w-3xl">
          <div>
            <p className="font-semibold">{t`Welcome to Laptop Haat!`}</p>
            <p className="text-sm">
              {t`List your first laptop below: buyers across Bangladesh will see it at once. Your dashboard shows whether you are verified and how to ask for it.`}{' '}
              <Link to={paths.dashboard} className="link link-primary font-medium">
                {t`Open the dashboard`}
              </Link>
            </p>
          </div>
        </div>
      ) : null}
      {session.status === 'signedIn' ? (
        <div className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
          <AddLaptopForm
            sellerEmail={session.user.email}
            specsAside={(specs) => <PriceGuideHint {...specs} />}
            onSaved={(laptop) => {
              toast.success(translateMessage(LAPTOP_MESSAGES.added));
              tellIfHeld(laptop);
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
