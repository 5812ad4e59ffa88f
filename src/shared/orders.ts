import { z } from 'zod';
import { BD_MOBILE_RE, normalizeBdMobile } from './phone.ts';
import { flagSchema } from './users.ts';

export const ORDER_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a Bangladeshi mobile number such as 01712345678',
  addressRequired: 'Meeting address is required',
  addressLong: 'Meeting address must be 300 characters or shorter',
  alreadyBooked: 'You have already booked this laptop',
  ownLaptop: 'You cannot book your own laptop',
} as const;

export const bdMobileSchema = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform(normalizeBdMobile)
    .refine((v) => BD_MOBILE_RE.test(v), invalid);

// The booking modal's own fields (docs/product.md#booking); name, e-mail, laptop and price are shown read-only.
export const bookingFormSchema = z.object({
  buyerPhoneNumber: bdMobileSchema(ORDER_MESSAGES.phoneRequired, ORDER_MESSAGES.phoneInvalid),
  meetingAddress: z
    .string({ error: ORDER_MESSAGES.addressRequired })
    .trim()
    .min(1, ORDER_MESSAGES.addressRequired)
    .max(300, ORDER_MESSAGES.addressLong),
});
export type BookingForm = z.input<typeof bookingFormSchema>;

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
  meetingAddress: z.string(),
  laptop_img: z.string(),
  laptop_name: z.string(),
  laptop_id: z.string(),
  resale_price: z.number().int(),
  payment_status: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const buyerEmailQuerySchema = z.object({
  buyerEmail: z
    .string({ error: 'buyerEmail is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'buyerEmail must be an e-mail address' })),
});
export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const laptopIdParamsSchema = z.object({ laptopId: z.string().min(1).max(100) });
export const bookedBodySchema = z.object({ booked: flagSchema });

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
