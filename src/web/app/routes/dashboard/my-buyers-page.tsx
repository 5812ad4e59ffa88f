import { t } from '@lingui/core/macro';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { MyBuyers } from '../../../features/seller/components/my-buyers.tsx';
import { MY_BUYERS_TEXTS } from '../../../features/seller/messages.ts';
import { RateDeal } from '../../../features/sellers/components/rate-deal.tsx';
import { useSession } from '../../../lib/session.ts';

// Seller only (docs/product.md#my-buyers); the dashboard's seller guard keeps everyone else out
// (the server refuses them too).
export function MyBuyersPage() {
  const session = useSession();
  return (
    <section className="min-w-0">
      <PageHead title={t`My Buyers — Laptop Haat`} noIndex />
      <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{MY_BUYERS_TEXTS.heading}</h2>
      {session.status === 'signedIn' ? (
        <MyBuyers
          sellerEmail={session.user.email}
          rowAction={(order) =>
            order.status === 'completed' ? (
              <RateDeal orderId={order._id} laptopName={order.laptop_name} rates="buyer" />
            ) : null
          }
        />
      ) : (
        <Spinner />
      )}
    </section>
  );
}
