import { z } from 'zod';
import { CATEGORIES, CONDITIONS, LOCATIONS, SALES_STATUSES } from './catalog.ts';

// A laptop as anyone may see it: no seller e-mail or phone (DESIGN.md §4).
export const publicLaptopSchema = z.object({
  _id: z.string(),
  category: z.enum(CATEGORIES),
  laptop_img: z.string(),
  laptop_name: z.string(),
  laptopDesc: z.string(),
  location: z.enum(LOCATIONS),
  resale_price: z.number().int(),
  original_price: z.number().int(),
  usage_Time: z.number().int(),
  /** ISO 8601 timestamp; the UI shows it in en-GB. */
  post_date: z.string(),
  seller_name: z.string(),
  seller_verified: z.boolean(),
  conditionType: z.enum(CONDITIONS),
  salesStatus: z.enum(SALES_STATUSES),
  advertise: z.boolean(),
  booked: z.boolean(),
});
export type PublicLaptop = z.infer<typeof publicLaptopSchema>;

// A laptop as a signed-in buyer sees it on a category page: with the seller's contact.
export const laptopSchema = publicLaptopSchema.extend({
  seller_email: z.string(),
  sellerMobileNumber: z.string(),
});
export type Laptop = z.infer<typeof laptopSchema>;

export const publicLaptopListSchema = z.array(publicLaptopSchema);
export const laptopListSchema = z.array(laptopSchema);

export const advertisedQuerySchema = z.object({
  advertise: z.enum(['true'], { error: "advertise must be 'true'" }),
});

export const categoryParamsSchema = z.object({
  name: z.string().max(40),
});
