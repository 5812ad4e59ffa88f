import type { OrderStatus } from '../../../../shared/catalog.ts';
import { ORDER_STATUS_TEXT } from '../messages.ts';

// Standing bookings in colour (waiting, then good news), closed ones muted; the words carry the meaning.
const TONE = {
  requested: 'badge-warning',
  accepted: 'badge-info',
  completed: 'badge-success',
  declined: 'badge-error',
  cancelled: 'badge-neutral',
} as const satisfies Record<OrderStatus, string>;

/** Where one of the buyer's bookings stands, in words (docs/product.md#my-orders). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-soft badge-sm h-auto min-h-5 py-0.5 text-start ${TONE[status]}`}>
      {ORDER_STATUS_TEXT[status]}
    </span>
  );
}
