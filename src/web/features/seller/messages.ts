import type { OrderStatus } from '../../../shared/catalog.ts';
import { formatTk } from '../../lib/format.ts';

// The texts of the seller's My Products and My Buyers screens (docs/product.md#my-products,
// docs/product.md#my-buyers), kept together for a later translation. Toasts and validation messages
// shared with the server stay in src/shared (LAPTOP_MESSAGES, PRODUCT_MESSAGES); errors from the
// server are shown in its own words.

/** The seller's question before a laptop is deleted, word for word (docs/product.md#confirmations). */
export const DELETE_LAPTOP_QUESTION = 'Are you sure you want to delete?';

export const SELLER_TEXTS = {
  failed: 'Something went wrong. Please try again.',
} as const;

/** A listing's state in My Products: the spec's 'unsold' and 'booked', then sold and hidden. */
export const PRODUCT_STATUS_TEXT = {
  unsold: 'unsold',
  booked: 'booked',
  sold: 'sold',
  hidden: 'Hidden by the admin',
} as const;
export type ProductStatus = keyof typeof PRODUCT_STATUS_TEXT;

export const MY_PRODUCTS_TEXTS = {
  heading: 'My Products',
  what: 'your laptops',
  columns: { laptop: 'Laptop', price: 'Price', status: 'Status', actions: 'Actions' },
  emptyTitle: 'You have not listed any laptops yet.',
  emptyHint: 'Add your first one: buyers across Bangladesh browse Laptop Haat every day.',
  addProduct: 'Add A Product',
  advertise: 'Advertise',
  advertised: 'Advertised',
  delete: 'Delete',
  deleteDetail: (name: string) => `“${name}” will be removed from Laptop Haat, along with any bookings on it.`,
  hiddenHint: 'Taken down after reports from buyers.',
  markSold: 'Mark sold',
  markSoldQuestion: 'Mark this laptop as sold?',
  markSoldDetail: (name: string) =>
    `“${name}” will leave every list and search on Laptop Haat. Use this when you sold it outside Laptop Haat. This cannot be undone.`,
  markSoldBooked:
    'Buyers have booked this laptop. To sell it to one of them, mark it sold from My Buyers. Marking it sold here declines every booking on it.',
  openMyBuyers: 'Open My Buyers',
  changePrice: 'Change price',
  priceDialogTitle: 'Change the price',
  priceLabel: 'New price (Tk)',
  priceNow: (price: number) => `Now ${formatTk(price)}.`,
  priceHint: 'Whole Tk. A lower price tells everyone who saved this laptop in their wishlist.',
  savePrice: 'Save price',
  cancel: 'Cancel',
} as const;

/** Where a booking stands, as the seller reads it in My Buyers (docs/product.md#deals). */
export const BOOKING_STATUS_TEXT = {
  requested: 'New — waiting for your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled by the buyer',
  completed: 'Sold to this buyer',
} as const satisfies Record<OrderStatus, string>;

export const MY_BUYERS_TEXTS = {
  heading: 'My Buyers',
  what: 'your bookings',
  columns: { booking: 'Laptop', buyer: 'Buyer', status: 'Status', actions: 'Actions' },
  bookedOn: (date: string) => `Booked on ${date}`,
  phone: 'Phone',
  meetAt: 'Meeting place',
  emptyTitle: 'No one has booked your laptops yet.',
  emptyHint: 'When a buyer books one, you will see their name, phone number and meeting place here.',
  myProducts: 'My Products',
  accept: 'Accept',
  accepted: 'Booking accepted. The buyer will be told.',
  decline: 'Decline',
  declineQuestion: 'Decline this booking?',
  declineDetail: (buyer: string, laptop: string) =>
    `${buyer}’s booking of “${laptop}” will be declined and ${buyer} will be told. This cannot be undone.`,
  declined: 'Booking declined',
  markSold: 'Mark sold',
  markSoldQuestion: (buyer: string) => `Mark this laptop as sold to ${buyer}?`,
  markSoldDetail: (buyer: string, laptop: string) =>
    `“${laptop}” will leave every list and search on Laptop Haat, and ${buyer}’s booking will show as bought. Everyone else who booked this laptop will be declined. This cannot be undone.`,
} as const;
