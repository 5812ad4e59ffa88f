// Fixed vocabularies of the marketplace (docs/product.md#vocabularies).

export const CATEGORIES = ['casual', 'gaming', 'premium'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CONDITIONS = ['excellent', 'good', 'fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

// All eight divisions of Bangladesh (docs/product.md#vocabularies).
export const LOCATIONS = [
  'chattogram',
  'dhaka',
  'barishal',
  'khulna',
  'sylhet',
  'rangpur',
  'rajshahi',
  'mymensingh',
] as const;
export type Location = (typeof LOCATIONS)[number];

export const SERVICE_ICONS = ['RiTeamFill', 'BiSupport', 'BsPatchCheckFill', 'FaTruckMoving'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export const ROLES = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** `hidden`: taken down by the admin after reports (docs/product.md#reports); out of every public list and page. */
export const SALES_STATUSES = ['unsold', 'sold', 'hidden'] as const;
export type SalesStatus = (typeof SALES_STATUSES)[number];

/**
 * An order's life (docs/product.md#deals): `requested` when booked; then `accepted` or `declined`
 * by the seller, `cancelled` by the buyer, or `completed` when the seller marks the laptop sold to
 * that buyer.
 */
export const ORDER_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The orders that still hold a laptop for their buyer. */
export const ACTIVE_ORDER_STATUSES = ['requested', 'accepted'] as const satisfies readonly OrderStatus[];

export const REPORT_REASONS = ['scam', 'wrong_details', 'already_sold', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/** What a notification tells (docs/product.md#notifications). */
export const NOTIFICATION_KINDS = [
  /** To the seller: a buyer booked one of their laptops. */
  'order_requested',
  /** To the buyer: the seller accepted, or declined, their booking. */
  'order_accepted',
  'order_declined',
  /** To the buyer: the laptop was sold to them, or to someone else (their booking was declined). */
  'order_completed',
  'sold_to_other',
  /** To the seller: a buyer cancelled their booking. */
  'order_cancelled',
  /** To the seller: the admin hid their listing after reports (`note` says why). */
  'listing_hidden',
  /** To the seller: the admin published their listing held for review, or rejected it (`note` says why). */
  'listing_approved',
  'listing_rejected',
  /** To a wishlister: a saved laptop got cheaper (`amount` is the new price), or was sold. */
  'price_dropped',
  'wishlist_sold',
  /** To a saved search's owner: a listing published or cheaper now matches it (`note` is the search's name, `amount` the price). */
  'saved_search_match',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

// A laptop's structured specs (docs/product.md#specs): every one optional.
export const BRANDS = [
  'Apple',
  'Acer',
  'Asus',
  'Dell',
  'HP',
  'Huawei',
  'Lenovo',
  'Microsoft',
  'MSI',
  'Razer',
  'Samsung',
  'Walton',
  'Xiaomi',
  'Other',
] as const;
export type Brand = (typeof BRANDS)[number];

export const RAM_SIZES_GB = [2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128] as const;
export type RamSize = (typeof RAM_SIZES_GB)[number];

export const STORAGE_TYPES = ['ssd', 'hdd', 'emmc'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

export const SPEC_LIMITS = {
  textMax: 80,
  storageGb: { min: 32, max: 8192 },
  screenInches: { min: 10, max: 18.4 },
  batteryHealth: { min: 0, max: 100 },
} as const;

export interface CategoryInfo {
  category_name: Category;
  category_desc: string;
}

// The fixed list of three, with their descriptions (docs/product.md#vocabularies).
export const CATEGORY_LIST: readonly CategoryInfo[] = [
  {
    category_name: 'casual',
    category_desc:
      'Everyday laptops for study, office work, browsing and streaming: light, reliable and easy on the budget.',
  },
  {
    category_name: 'gaming',
    category_desc:
      'Powerful laptops with dedicated graphics and fast displays for gaming, streaming and creative work.',
  },
  {
    category_name: 'premium',
    category_desc:
      'Thin, beautifully built flagships with top displays and long battery life for professionals on the move.',
  },
];

export const CURRENCY_LABEL = 'Tk';
export const DESCRIPTION_CUT = 200;

/**
 * A processor's family ("Intel Core i5-8250U" → `i5`, "Ryzen 7 5800H" → `ryzen7`, "M2 Pro" →
 * `m2pro`): what the price guide and the price check compare (docs/product.md#price-guide). One
 * pattern, read by this function and by the database's generated `processor_family` column
 * (features/laptops/schema.ts); a test holds the two to the same answers.
 */
export const PROCESSOR_FAMILY_PATTERN =
  '(ultra[579]|i[3579]|ryzen[3579]|celeron|pentium|athlon|xeon|m[1-4](?:pro|max)?)';
const processorFamilyRe = new RegExp(PROCESSOR_FAMILY_PATTERN);

export function processorFamily(processor: string | null | undefined): string | null {
  if (!processor) return null;
  return processorFamilyRe.exec(processor.toLowerCase().replace(/[^a-z0-9]/g, ''))?.[1] ?? null;
}
