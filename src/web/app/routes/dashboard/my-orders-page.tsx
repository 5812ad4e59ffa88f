import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TEXTS } from '../../../../shared/messages.ts';
import type { Order } from '../../../../shared/orders.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCancelOrder } from '../../../features/orders/api/use-cancel-order.ts';
import { useMyOrders } from '../../../features/orders/api/use-my-orders.ts';
import { OrdersTable } from '../../../features/orders/components/orders-table.tsx';
import { ORDER_TEXTS } from '../../../features/orders/messages.ts';
import { RateDeal } from '../../../features/sellers/components/rate-deal.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { itemsOf } from '../../../lib/paged-list-items.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

// The catalog keeps every laptop list under this key (see use-advertised-laptops.ts): cancelling
// may clear a laptop's `booked` flag.
const laptopListsKey = ['laptops'] as const;

// Any signed-in user (docs/product.md#my-orders); the dashboard's guard keeps signed-out visitors out.
export function MyOrdersPage() {
  const session = useSession();
  const email = session.status === 'signedIn' ? session.user.email : undefined;
  const orders = useMyOrders(email);
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const queryClient = useQueryClient();
  const cancel = useCancelOrder({
    onCancelled: () => void queryClient.invalidateQueries({ queryKey: laptopListsKey }),
  });

  const confirmCancel = (order: Order) => {
    cancel.mutate(order, {
      onSuccess: () => toast.success(ORDER_TEXTS.cancelledToast),
      onError: (error) => {
        // Already gone (the laptop was deleted) or no longer standing (the seller declined it, or
        // it was cancelled in another tab): show the truth, in the server's words.
        if (isApiError(error, 404) || isApiError(error, 409)) void orders.refetch();
        toast.error(errorText(error, ORDER_TEXTS.cancelFailed));
      },
      onSettled: () => setToCancel(null),
    });
  };

  let content: ReactNode;
  if (orders.isPending) content = <Spinner />;
  else if (orders.isError) content = <LoadError what={ORDER_TEXTS.what} />;
  else if (itemsOf(orders.data).length === 0)
    content = <p className="py-10 text-center text-base-content/70">{translateMessage(TEXTS.noOrders)}</p>;
  else
    content = (
      <>
        <OrdersTable
          orders={itemsOf(orders.data)}
          onCancel={setToCancel}
          rowAction={(order) =>
            order.status === 'completed' ? (
              <RateDeal orderId={order._id} laptopName={order.laptop_name} rates="seller" />
            ) : null
          }
        />
        <LoadMore
          hasNextPage={orders.hasNextPage}
          isFetchingNextPage={orders.isFetchingNextPage}
          onLoadMore={() => void orders.fetchNextPage()}
        />
      </>
    );

  return (
    <section className="min-w-0">
      <PageHead title={t`My Orders — Laptop Haat`} noIndex />
      <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{ORDER_TEXTS.heading}</h2>
      {content}
      {toCancel ? (
        <ConfirmDialog
          question={ORDER_TEXTS.cancelQuestion}
          confirmLabel={ORDER_TEXTS.confirmCancel}
          busy={cancel.isPending}
          onConfirm={() => confirmCancel(toCancel)}
          onCancel={() => setToCancel(null)}
        >
          <p>{ORDER_TEXTS.cancelDetail(toCancel.laptop_name, toCancel.resale_price)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
