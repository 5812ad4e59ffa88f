import { ORDER_STATUSES } from './catalog.ts';
import { emailFieldSchema, flagSchema, idSchema } from './common.ts';
import { bdMobileSchema } from './phone.ts';
import { ratingSummarySchema } from './reviews.ts';
import { ORDER_MESSAGES } from './rules.ts';
import { z } from './z.ts';

export { ORDER_MESSAGES } from './rules.ts';

// The booking modal's own fields (docs/product.md#booking); name, e-mail, laptop and price are shown read-only.
export const bookingFormSchema = z.object({
  buyerPhoneNumber: bdMobileSchema(ORDER_MESSAGES.phoneRequired, ORDER_MESSAGES.phoneInvalid),
  meetingAddress: z
    .string({ error: ORDER_MESSAGES.addressRequired })
    .trim()
    .min(1, ORDER_MESSAGES.addressRequired)
    .max(300, ORDER_MESSAGES.addressLong),
});

// POST /myOrders: the web client also sends the buyer's and the laptop's details; the server
// takes those from its own records, so they are accepted and ignored.
export const createOrderBodySchema = bookingFormSchema.extend({
  laptop_id: z.string({ error: 'laptop_id is required' }).min(1, 'laptop_id is required').max(100),
});

export const orderSchema = z.object({
  _id: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerPhoneNumber: z.string(),
  /** Booked with the number the buyer verified by SMS (docs/product.md#phone-verification). */
  phone_verified: z.boolean(),
  meetingAddress: z.string(),
  laptop_img: z.string(),
  laptop_name: z.string(),
  laptop_id: z.string(),
  resale_price: z.number().int(),
  payment_status: z.boolean(),
  /** docs/product.md#deals */
  status: z.enum(ORDER_STATUSES),
  /** When the buyer booked (ISO 8601). */
  created_at: z.string(),
  /** My Buyers only: the buyer's stars from the sellers they bought from (docs/product.md#ratings). */
  buyer_rating: ratingSummarySchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const buyerEmailQuerySchema = z.object({
  buyerEmail: emailFieldSchema('buyerEmail'),
});
export const laptopIdParamsSchema = z.object({ laptopId: idSchema('laptopId') });
export const orderIdParamsSchema = z.object({ orderId: idSchema('orderId') });
export const bookedBodySchema = z.object({ booked: flagSchema });

/** PUT /api/myBuyers/{orderId}: the seller's answer to a booking. */
export const answerOrderBodySchema = z.object({
  status: z.enum(['accepted', 'declined'], { error: "status must be 'accepted' or 'declined'" }),
});
