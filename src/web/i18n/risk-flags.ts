import { t } from '@lingui/core/macro';
import type { RiskFlag } from '../../shared/listing-review.ts';
import type { ScamWarning } from '../../shared/scam-warnings.ts';

// The risk checks' flags in words (docs/product.md#moderation), in the page's language: the
// seller reads why their listing is held (My Products, the listing page, the form's notice), the
// admin reads the same flags on the Moderation page. Shared by both features, so a flag is worded
// once for each reader.

/** Why the seller's listing is held, as a sentence addressed to the seller. */
export function heldReasonText(flag: RiskFlag): string {
  switch (flag) {
    case 'price_outlier':
      return t`Its price is far below similar laptops`;
    case 'duplicate_photo':
      return t`A photo matches another seller's listing`;
    case 'contact_in_text':
      return t`The title or description has contact details or asks for an advance`;
    case 'burst':
      return t`Many listings in one day`;
    case 'phone_unverified':
      return t`Your phone number is not verified`;
  }
}

/** A flag as the admin's queue names it. */
export function flagName(flag: RiskFlag): string {
  switch (flag) {
    case 'price_outlier':
      return t`Price far below similar laptops`;
    case 'duplicate_photo':
      return t`Photo matches another listing`;
    case 'contact_in_text':
      return t`Contact details or an advance request in the text`;
    case 'burst':
      return t`Many listings in one day`;
    case 'phone_unverified':
      return t`Seller's phone not verified`;
  }
}

/** What the title or description was caught asking for (the chat's warnings). */
export function contactWarningName(code: ScamWarning): string {
  switch (code) {
    case 'advance_payment':
      return t`Asks for an advance payment`;
    case 'external_link':
      return t`Has a link to outside Laptop Haat`;
    case 'phone_number':
      return t`Has a phone number`;
  }
}
