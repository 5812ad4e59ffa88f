import { BRANDS, RAM_SIZES_GB, type ReportReason } from './catalog.ts';

// The limits and messages of the rules the shared schemas enforce, without zod: the web app shows
// them (translated, src/web/i18n/shared-messages.ts) on pages that never validate anything, and
// importing them from the schema modules would bring zod along. Each schema module re-exports its own.

// auth.ts
export const PASSWORD_MIN = 6;

export const PASSWORD_MAX = 128;

export const AUTH_MESSAGES = {
  emailRequired: 'Email Address is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be 6 characters or longer',
  passwordLong: 'Password must be 128 characters or shorter',
  passwordWeak: 'Password must contain uppercase, lowercase, number and special character',
  nameRequired: 'Name is required',
  nameLong: 'Name must be 80 characters or shorter',
  roleRequired: 'Role is required',
  wrongCredentials: 'Invalid email or password',
} as const;

// laptops.ts
// Add a laptop (docs/product.md#laptops): every field required with its message, within our bounds.
export const LAPTOP_MESSAGES = {
  name: 'laptop name is required',
  image: 'laptop image is required',
  category: 'laptop category is required',
  resalePrice: 'resale price is required',
  originalPrice: 'original price is required',
  condition: 'condition type is required',
  mobile: 'mobile number is required',
  location: 'location is required',
  years: 'years of purchase is required',
  description: 'laptop description is required',
  nameLong: 'laptop name must be 120 characters or shorter',
  descriptionLong: 'laptop description must be 5,000 characters or shorter',
  imageUrl: 'laptop image must be an http:// or https:// URL',
  price: 'price must be a whole number of Tk from 1 to 10,000,000',
  years0to30: 'years of purchase must be a whole number from 0 to 30',
  mobileInvalid: 'mobile number must be a Bangladeshi mobile number such as 01712345678',
  advertised: 'laptop advertised successfully',
  added: 'laptop added successfully',
  deleted: 'Laptop deleted successfully',
  brand: `brand must be one of ${BRANDS.join(', ')}`,
  processor: 'processor must be 80 characters or shorter',
  ram: `RAM must be one of ${RAM_SIZES_GB.join(', ')} GB`,
  storage: 'storage must be a whole number of GB from 32 to 8192',
  storageType: 'storage type must be SSD, HDD or eMMC',
  screen: 'screen size must be from 10.0 to 18.4 inches',
  gpu: 'graphics must be 80 characters or shorter',
  battery: 'battery health must be a whole number from 0 to 100 %',
  months: 'months of use must be a whole number from 0 to 1200',
  area: 'area must be 60 characters or shorter',
  updated: 'Listing updated',
  /** 409: PUT /api/laptops/{id} on a listing no longer for sale. */
  notEditable: 'A sold or hidden listing cannot be edited',
} as const;

/** The longest area a listing may name ("Mirpur 10"). */
export const AREA_MAX = 60;
/** The longest use a listing may state, in months. */
export const USAGE_MONTHS_MAX = 1200;

export const PRICE_MAX = 10_000_000;

export const PRODUCT_MESSAGES = {
  oneChange: 'Give one change: advertise, salesStatus or resale_price',
  orderWithSold: "orderId goes with salesStatus 'sold'",
  priceUpdated: 'Price updated',
  markedSold: 'Marked as sold',
} as const;

// notifications.ts
export const NOTIFICATION_LIMIT = { default: 20, max: 50 } as const;

// orders.ts
export const ORDER_MESSAGES = {
  /** 409: an answer to a booking that is no longer open to it (`{status}` in words). */
  notNow: 'This booking is already {status}',
  soldAlready: 'This laptop is no longer for sale',
  notThisLaptop: 'That booking is not for this laptop',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a Bangladeshi mobile number such as 01712345678',
  addressRequired: 'Meeting address is required',
  addressLong: 'Meeting address must be 300 characters or shorter',
  alreadyBooked: 'You have already booked this laptop',
  ownLaptop: 'You cannot book your own laptop',
} as const;

// reports.ts
export const REPORT_TEXT_MAX = 500;

/** The reasons as the dialog offers them and as the seller is told them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  wrong_details: 'Wrong category or details',
  already_sold: 'Already sold',
  offensive: 'Offensive',
  other: 'Other',
};

export const REPORT_MESSAGES = {
  reasonRequired: 'Choose a reason',
  detailsRequired: 'Tell us what is wrong with this listing',
  detailsLong: `Details must be ${REPORT_TEXT_MAX} characters or shorter`,
  noteLong: `The note must be ${REPORT_TEXT_MAX} characters or shorter`,
  action: "action must be 'hide' or 'dismiss'",
  status: "status must be 'open'",
  /** 409: one open report per user per listing. */
  alreadyReported: 'You have already reported this listing',
  /** 403: a seller reporting their own listing. */
  ownListing: 'You cannot report your own listing',
  /** 409: an action on a report that is no longer open (dismissed, or its listing hidden). */
  resolved: 'These reports have already been dealt with',
} as const;

// search.ts
export const SORTS = ['newest', 'price_asc', 'price_desc'] as const;

/** `GET /api/laptops`: 1–60 a page, 24 by default. */
export const SEARCH_LIMIT = { min: 1, max: 60, default: 24 } as const;

/** The list routes that answer arrays: 1–100 a page, 50 by default. */
export const LIST_LIMIT = { min: 1, max: 100, default: 50 } as const;

export const QUERY_MAX = 100;

// users.ts
export const USER_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete this user?',
  deleted: 'successfully deleted',
  verified: 'successfully verified seller',
  verificationRequested: 'Verification requested. The admin will review your account.',
  alreadyVerified: 'You are already verified',
  onlySellers: 'Only sellers can ask for verification',
} as const;

// wishlist.ts
export const WISHLIST_MESSAGES = {
  /** 409: a sold laptop cannot be saved (one saved before the sale stays, marked sold). */
  sold: 'This laptop has been sold',
} as const;

// conversations.ts
/** A message's length, counted after trimming. */
export const MESSAGE_TEXT_MAX = 2_000;
