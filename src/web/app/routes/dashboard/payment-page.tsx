import { t } from '@lingui/core/macro';
import { FaTools } from 'react-icons/fa';
import { Link, useParams } from 'react-router';
import { TEXTS } from '../../../../shared/messages.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useOrder } from '../../../features/orders/api/use-order.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatTk } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

// Payment is a placeholder (docs/product.md#payment-page). The order is still loaded, so the buyer sees which laptop
// the page is about, and a link to someone else's order (the server answers 404) says so.
export function PaymentPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);

  if (order.isPending) return <Spinner fullPage />;

  if (order.isError) {
    if (isApiError(order.error, 404)) {
      return (
        <section className="flex min-w-0 flex-col items-center gap-4 py-16 text-center">
          <PageHead title={t`Order not found — Laptop Haat`} noIndex />
          <h2 className="text-2xl font-bold sm:text-3xl">{t`Order not found`}</h2>
          <p className="max-w-md text-base-content/70">
            {t`We could not find this order among your bookings. It may have been cancelled.`}
          </p>
          <Link to={paths.myOrders} className="btn btn-primary">
            {t`Back to My Orders`}
          </Link>
        </section>
      );
    }
    return (
      <section className="min-w-0">
        <PageHead title={t`Payment — Laptop Haat`} noIndex />
        <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t`Payment`}</h2>
        <LoadError what={t`this order`} />
      </section>
    );
  }

  const { laptop_img, laptop_name, resale_price, payment_status } = order.data;
  return (
    <section className="min-w-0">
      <PageHead title={t`Payment — Laptop Haat`} noIndex />
      <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t`Payment`}</h2>
      <div className="card max-w-xl border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <div className="flex items-center gap-4">
            <img
              translate="no"
              src={laptop_img}
              alt={laptop_name}
              width={96}
              height={60}
              className="h-15 w-24 shrink-0 rounded-field bg-base-200 object-cover"
            />
            <div className="min-w-0">
              <h3 className="font-semibold leading-snug" translate="no">
                {laptop_name}
              </h3>
              <p className="text-lg font-bold text-primary">{formatTk(resale_price)}</p>
              {payment_status ? <span className="badge badge-success badge-soft">{t`paid`}</span> : null}
            </div>
          </div>
          <div className="alert alert-info alert-soft">
            <FaTools aria-hidden="true" className="size-5 shrink-0" />
            <p className="text-base font-medium">{translateMessage(TEXTS.comingSoon)}</p>
          </div>
          <p className="text-sm text-base-content/70">
            {t`Until online payment arrives, pay the seller in person when you meet and have checked the laptop.`}
          </p>
          <div className="card-actions">
            <Link to={paths.myOrders} className="btn btn-outline btn-sm">
              {t`Back to My Orders`}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
