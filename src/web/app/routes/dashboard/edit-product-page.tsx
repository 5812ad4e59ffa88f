import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LAPTOP_MESSAGES } from '../../../../shared/laptops.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { getLaptop } from '../../../features/catalog/api/use-laptop.ts';
import { PriceGuideHint } from '../../../features/price-guide/components/price-guide-hint.tsx';
import { AddLaptopForm } from '../../../features/seller/components/add-laptop-form.tsx';
import { tellIfHeld } from '../../../features/seller/components/listing-review.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

// My Products → Edit (docs/product.md#edit-a-listing): the Add A Product form filled in with the
// listing, seller only (the dashboard's seller guard; the server refuses anyone else). The listing
// is read fresh, with the seller's contact, as the signed-in seller sees it.
export function EditProductPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const laptop = useQuery({
    queryKey: ['laptops', 'edit', id] as const,
    queryFn: ({ signal }) => getLaptop(id, signal),
    staleTime: 0,
  });

  let body: ReactNode;
  if (session.status !== 'signedIn' || laptop.isPending) body = <Spinner />;
  else if (laptop.isError || laptop.data.seller_email !== session.user.email)
    body = <LoadError what={t`this listing`} />;
  else if (laptop.data.salesStatus !== 'unsold')
    body = (
      <div role="alert" className="alert alert-warning alert-soft max-w-3xl">
        <span>
          {translateMessage(LAPTOP_MESSAGES.notEditable)}{' '}
          <Link to={paths.myProducts} className="link link-primary font-medium">
            {t`Back to My Products`}
          </Link>
        </span>
      </div>
    );
  else
    body = (
      <div className="max-w-3xl rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
        <AddLaptopForm
          sellerEmail={session.user.email}
          editing={laptop.data}
          specsAside={(specs) => <PriceGuideHint {...specs} />}
          onSaved={(saved) => {
            toast.success(translateMessage(LAPTOP_MESSAGES.updated));
            tellIfHeld(saved);
            void navigate(paths.myProducts);
          }}
        />
      </div>
    );

  return (
    <section className="min-w-0">
      <PageHead title={t`Edit the listing — Laptop Haat`} noIndex />
      <h2 className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">{t`Edit the listing`}</h2>
      <p className="mb-6 text-base-content/70">
        {t`Change anything: the details, the price, the photos and their order. Buyers see the listing as you save it.`}
      </p>
      {body}
    </section>
  );
}
