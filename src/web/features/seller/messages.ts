import { t } from '@lingui/core/macro';
import type { OrderStatus } from '../../../shared/catalog.ts';
import { formatTk } from '../../lib/format.ts';

// The texts of the seller's My Products and My Buyers screens (docs/product.md#my-products,
// docs/product.md#my-buyers), in the page's language (docs/i18n.md): each is read when it is shown,
// so the getters and functions below answer in the language active then. Toasts and validation
// messages shared with the server stay in src/shared (LAPTOP_MESSAGES, PRODUCT_MESSAGES) and are
// shown through translateMessage, as are the server's errors.

/** The seller's question before a laptop is deleted, word for word (docs/product.md#confirmations). */
export function deleteLaptopQuestion(): string {
  return t`Are you sure you want to delete?`;
}

export const SELLER_TEXTS = {
  get failed() {
    return t`Something went wrong. Please try again.`;
  },
};

/** A listing's state in My Products: the spec's 'unsold' and 'booked', then sold and hidden. */
export const PRODUCT_STATUS_TEXT = {
  // In words, not the API's values (`unsold` read as a raw field on a seller's screen).
  get unsold() {
    return t({ message: 'On sale', context: 'listing status' });
  },
  get booked() {
    return t({ message: 'Booked', context: 'listing status' });
  },
  get sold() {
    return t({ message: 'Sold', context: 'listing status' });
  },
  get hidden() {
    return t`Hidden by the admin`;
  },
};
export type ProductStatus = keyof typeof PRODUCT_STATUS_TEXT;

export const MY_PRODUCTS_TEXTS = {
  get heading() {
    return t`My Products`;
  },
  get what() {
    return t`your laptops`;
  },
  columns: {
    get laptop() {
      return t`Laptop`;
    },
    get price() {
      return t`Price`;
    },
    get status() {
      return t`Status`;
    },
    get actions() {
      return t`Actions`;
    },
  },
  get emptyTitle() {
    return t`You have not listed any laptops yet.`;
  },
  get emptyHint() {
    return t`Add your first one: buyers across Bangladesh browse Laptop Haat every day.`;
  },
  get addProduct() {
    return t`Add A Product`;
  },
  get advertise() {
    return t`Advertise`;
  },
  get advertised() {
    return t`Advertised`;
  },
  get delete() {
    return t`Delete`;
  },
  deleteDetail: (name: string) => t`“${name}” will be removed from Laptop Haat, along with any bookings on it.`,
  get hiddenHint() {
    return t`Taken down after reports from buyers.`;
  },
  get markSold() {
    return t`Mark sold`;
  },
  get markSoldQuestion() {
    return t`Mark this laptop as sold?`;
  },
  markSoldDetail: (name: string) =>
    t`“${name}” will leave every list and search on Laptop Haat. Use this when you sold it outside Laptop Haat. This cannot be undone.`,
  get markSoldBooked() {
    return t`Buyers have booked this laptop. To sell it to one of them, mark it sold from My Buyers. Marking it sold here declines every booking on it.`;
  },
  get openMyBuyers() {
    return t`Open My Buyers`;
  },
  get edit() {
    return t`Edit`;
  },
  get changePrice() {
    return t`Change price`;
  },
  get priceDialogTitle() {
    return t`Change the price`;
  },
  /** The laptop the price dialog is about, before its price: '“Dell XPS 13”.' */
  priceDialogLaptop: (name: string) => t`“${name}”.`,
  get priceLabel() {
    return t`New price (Tk)`;
  },
  priceNow: (price: number) => {
    const amount = formatTk(price);
    return t`Now ${amount}.`;
  },
  get priceHint() {
    return t`Whole Tk. A lower price tells everyone who saved this laptop in their wishlist.`;
  },
  get savePrice() {
    return t`Save price`;
  },
  get cancel() {
    return t`Cancel`;
  },
};

/** Where a booking stands, as the seller reads it in My Buyers (docs/product.md#deals). */
export const BOOKING_STATUS_TEXT = {
  get requested() {
    return t`New — waiting for your answer`;
  },
  get accepted() {
    return t`Accepted`;
  },
  get declined() {
    return t`Declined`;
  },
  get cancelled() {
    return t`Cancelled by the buyer`;
  },
  get completed() {
    return t`Sold to this buyer`;
  },
} satisfies Record<OrderStatus, string>;

export const MY_BUYERS_TEXTS = {
  get heading() {
    return t`My Buyers`;
  },
  get what() {
    return t`your bookings`;
  },
  columns: {
    get booking() {
      return t`Laptop`;
    },
    get buyer() {
      return t`Buyer`;
    },
    get status() {
      return t`Status`;
    },
    get actions() {
      return t`Actions`;
    },
  },
  bookedOn: (date: string) => t`Booked on ${date}`,
  get phone() {
    return t`Phone`;
  },
  get phoneVerified() {
    return t`Phone verified`;
  },
  get meetAt() {
    return t`Meeting place`;
  },
  get emptyTitle() {
    return t`No one has booked your laptops yet.`;
  },
  get emptyHint() {
    return t`When a buyer books one, you will see their name, phone number and meeting place here.`;
  },
  get myProducts() {
    return t`My Products`;
  },
  get accept() {
    return t`Accept`;
  },
  get accepted() {
    return t`Booking accepted. The buyer will be told.`;
  },
  get decline() {
    return t`Decline`;
  },
  get declineQuestion() {
    return t`Decline this booking?`;
  },
  declineDetail: (buyer: string, laptop: string) =>
    t`${buyer}’s booking of “${laptop}” will be declined and ${buyer} will be told. This cannot be undone.`,
  get declined() {
    return t`Booking declined`;
  },
  get markSold() {
    return t`Mark sold`;
  },
  markSoldQuestion: (buyer: string) => t`Mark this laptop as sold to ${buyer}?`,
  markSoldDetail: (buyer: string, laptop: string) =>
    t`“${laptop}” will leave every list and search on Laptop Haat, and ${buyer}’s booking will show as bought. Everyone else who booked this laptop will be declined. This cannot be undone.`,
};

/** A listing held for review, as its seller reads it (docs/product.md#moderation). */
export const REVIEW_TEXTS = {
  get pending() {
    return t`Under review`;
  },
  get rejected() {
    return t`Rejected`;
  },
  get pendingHint() {
    return t`Only you and the admin can see it until the admin approves it. Why it was held:`;
  },
  get rejectedHint() {
    return t`The admin rejected it. Nobody else can see it. The admin's reason:`;
  },
  /** After Add A Product or an edit that the risk checks held. */
  heldNotice: (reasons: string) => t`It is held for review before buyers can see it: ${reasons}.`,
  get proofTitle() {
    return t`Prove you have it`;
  },
  get proofSteps() {
    return t`Write this code by hand on a sheet of paper, put it beside the laptop and upload a photo of both. It helps the admin approve your listing sooner.`;
  },
  get proofCode() {
    return t`Your code`;
  },
  get proofUpload() {
    return t`Upload the photo`;
  },
  get proofReplace() {
    return t`Upload another photo`;
  },
  get proofUploading() {
    return t`Uploading…`;
  },
  get proofSent() {
    return t`Photo sent. The admin will see it with your listing.`;
  },
  proofPhoto: (code: string) => t`Your laptop beside the code ${code}`,
  get proofFailed() {
    return t`The photo could not be uploaded. Please try again.`;
  },
};
