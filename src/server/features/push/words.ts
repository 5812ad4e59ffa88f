import { CURRENCY_LABEL } from '../../../shared/catalog.ts';
import type { Locale } from '../../../shared/locale.ts';
import { notificationLink } from '../../../shared/notification-links.ts';
import { notificationSentence } from '../../../shared/notification-messages.ts';
import type { Notification } from '../../../shared/notifications.ts';
import type { PushPayload } from '../../../shared/push.ts';
import { sharedI18n } from '../../platform/error-words.ts';

// A push notification's words: the bell's sentence (src/shared/notification-messages.ts) in the
// subscription's language, and the bell's link. The note goes as it was written (an admin's reason
// is not translated here, as the page does for the reasons it knows).

/** The site's name: the notification's title in both languages, as on the home screen. */
const TITLE = 'Laptop Haat';

const PRICES: Record<Locale, (amount: number) => string> = {
  en: (amount) => `${CURRENCY_LABEL} ${amount.toLocaleString('en-US', { maximumFractionDigits: 0 })}`,
  // ৳ with Bangla digits and South Asian grouping, as the page writes prices: ৳৮৫,০০০.
  bn: (amount) => `৳${amount.toLocaleString('bn-BD', { maximumFractionDigits: 0 })}`,
};

export function pushPayload(n: Notification, locale: Locale): PushPayload {
  const price = n.amount === null ? '' : PRICES[locale](n.amount);
  return {
    title: TITLE,
    body: notificationSentence(sharedI18n(locale), n, { laptop: n.laptop_name, note: n.note ?? '', price }),
    url: notificationLink(n),
    tag: `notification-${n._id}`,
  };
}
