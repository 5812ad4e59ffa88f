import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/orders.ts';
import { formatTk } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { isStandingOrder } from '../api/use-my-orders.ts';
import { ORDER_TEXTS } from '../messages.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

interface OrdersTableProps {
  orders: Order[];
  /** Asks to cancel one booking; the page confirms first. */
  onCancel: (order: Order) => void;
  /** One more action the page adds to a row (rating a completed deal). */
  rowAction?: (order: Order) => ReactNode;
}

// Nothing is left to pay on a booking that was declined or cancelled.
const payable = (order: Order) => order.status !== 'declined' && order.status !== 'cancelled';

/**
 * My Orders (docs/product.md#my-orders): laptop image and name, price, where the booking stands,
 * Pay (or 'paid') and, while the booking stands, Cancel. On a phone the price and status move under
 * the name and the actions stack, so the table fits 360 px without scrolling sideways.
 */
export function OrdersTable({ orders, onCancel, rowAction }: OrdersTableProps) {
  const { columns } = ORDER_TEXTS;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <thead>
          <tr>
            <th scope="col" className="px-3 sm:px-4">
              {columns.laptop}
            </th>
            <th scope="col" className="hidden sm:table-cell">
              {columns.price}
            </th>
            <th scope="col" className="hidden sm:table-cell">
              {columns.status}
            </th>
            <th scope="col" className="px-3 text-right sm:px-4">
              {columns.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="px-3 sm:px-4">
                <div className="flex items-center gap-3">
                  <img
                    src={order.laptop_img}
                    alt={order.laptop_name}
                    translate="no"
                    width={64}
                    height={40}
                    loading="lazy"
                    decoding="async"
                    className="h-8 w-12 shrink-0 rounded-field bg-base-200 object-cover sm:h-10 sm:w-16"
                  />
                  <div className="min-w-0">
                    <p className="font-medium leading-snug" translate="no">
                      {order.laptop_name}
                    </p>
                    {/* Only one copy of price and status is displayed (and read out) at any width. */}
                    <div className="mt-1 flex flex-col items-start gap-1 text-sm text-base-content/70 sm:hidden">
                      <span className="whitespace-nowrap">{formatTk(order.resale_price)}</span>
                      <OrderStatusBadge status={order.status} />
                    </div>
                  </div>
                </div>
              </td>
              <td className="hidden whitespace-nowrap sm:table-cell">{formatTk(order.resale_price)}</td>
              <td className="hidden sm:table-cell">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="px-3 sm:px-4">
                <div className="flex flex-col items-end gap-2 sm:flex-row sm:items-center sm:justify-end">
                  {order.payment_status ? (
                    <span className="badge badge-success badge-soft">{ORDER_TEXTS.paid}</span>
                  ) : payable(order) ? (
                    <Link to={paths.payment(order._id)} className="btn btn-primary btn-sm min-w-20">
                      {ORDER_TEXTS.pay}
                    </Link>
                  ) : null}
                  {isStandingOrder(order) ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm min-w-20"
                      onClick={() => onCancel(order)}
                    >
                      {ORDER_TEXTS.cancel}
                    </button>
                  ) : null}
                  {rowAction?.(order)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
