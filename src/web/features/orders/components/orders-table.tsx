import { Link } from 'react-router';
import type { Order } from '../../../../shared/orders.ts';
import { formatTk } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

interface OrdersTableProps {
  orders: Order[];
  /** Asks to cancel one booking; the page confirms first. */
  onCancel: (order: Order) => void;
}

/**
 * My Orders (docs/product.md#my-orders): laptop image and name, price, Pay (or 'paid') and Cancel.
 * On a phone the price moves under the name and the two actions stack, so the table fits 360 px
 * without scrolling sideways.
 */
export function OrdersTable({ orders, onCancel }: OrdersTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <thead>
          <tr>
            <th scope="col" className="px-3 sm:px-4">
              Laptop
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Price
            </th>
            <th scope="col" className="px-3 text-right sm:px-4">
              Actions
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
                    width={64}
                    height={40}
                    loading="lazy"
                    decoding="async"
                    className="h-8 w-12 shrink-0 rounded-field bg-base-200 object-cover sm:h-10 sm:w-16"
                  />
                  <div className="min-w-0">
                    <p className="font-medium leading-snug">{order.laptop_name}</p>
                    {/* Only one of the two prices is displayed (and read out) at any width. */}
                    <p className="whitespace-nowrap text-sm text-base-content/70 sm:hidden">
                      {formatTk(order.resale_price)}
                    </p>
                  </div>
                </div>
              </td>
              <td className="hidden whitespace-nowrap sm:table-cell">{formatTk(order.resale_price)}</td>
              <td className="px-3 sm:px-4">
                <div className="flex flex-col items-end gap-2 sm:flex-row sm:items-center sm:justify-end">
                  {order.payment_status ? (
                    <span className="badge badge-success badge-soft">paid</span>
                  ) : (
                    <Link to={paths.payment(order._id)} className="btn btn-primary btn-sm min-w-20">
                      Pay
                    </Link>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm min-w-20"
                    onClick={() => onCancel(order)}
                  >
                    Cancel
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
