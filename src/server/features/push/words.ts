import { CURRENCY_LABEL } from '../../../shared/catalog.ts';
import type { Locale } from '../../../shared/locale.ts';
import { notificationLink } from '../../../shared/notification-links.ts';
import { notificationSentence } from '../../../shared/notification-messages.ts';
import type { Notification } from '../../../shared/notifications.ts';
import type { PushPayload } from '../../../shared/push.ts';
import { numberWords, sharedI18n } from '../../platform/error-words.ts';

// A push notification's words: the bell's sentence (src/shared/notification-messages.ts) in the
// subscription's language, and the bell's link. The note goes as it was written (an admin's reason
// is not translated here, as the page does for the reasons it knows).

/** The site's name: the notification's title in both languages, as on the home screen. */
const TITLE = 'Laptop Haat';

/** A price (whole Tk) as the page writes it: Tk 85,000, or ৳ with Bangla digits: ৳৮৫,০০০. */
const priceWords = (locale: Locale, amount: number) =>
  locale === 'bn' ? `৳${numberWords(locale, amount)}` : `${CURRENCY_LABEL} ${numberWords(locale, amount)}`;

export function pushPayload(n: Notification, locale: Locale): PushPayload {
  const price = n.amount === null ? '' : priceWords(locale, n.amount);
  return {
    title: TITLE,
    body: notificationSentence(sharedI18n(locale), n, { laptop: n.laptop_name, note: n.note ?? '', price }),
    url: notificationLink(n),
    tag: `notification-${n._id}`,
  };
}
