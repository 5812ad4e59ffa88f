import { errorText } from '../../../i18n/api-errors.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { SELLER_TEXTS } from '../messages.ts';

/**
 * The seller's own action failing must not pass silently, so it is shown with the server's words
 * (docs/product.md#failed-calls), in the page's language. A 404 or 409 means the row changed
 * meanwhile (the buyer cancelled, the laptop was sold in another tab, the admin hid it): `refresh`
 * fetches the truth. Anything else is unexpected and is logged as well (`action` names it there).
 */
export function reportFailure(action: string, error: unknown, refresh?: () => unknown) {
  if (isApiError(error, 404) || isApiError(error, 409)) void refresh?.();
  else console.error(`[seller] ${action} failed:`, error);
  toast.error(errorText(error, SELLER_TEXTS.failed));
}
