import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { notificationSentence } from '../../../shared/notification-messages.ts';
import type { Notification } from '../../../shared/notifications.ts';
import { unreadText } from '../../components/count-badge.tsx';
import { translateMessage } from '../../i18n/shared-messages.ts';
import { userContentIn } from '../../i18n/user-content.tsx';
import { formatTk } from '../../lib/format.ts';

// The words of each notification (docs/product.md#notifications): the API sends the kind and its
// facts; saying them is the client's, in one place, in the page's language (docs/i18n.md).

export const NOTIFICATION_TEXTS = {
  get bell() {
    return t`Notifications`;
  },
  /** The bell's name: "Notifications, 3 unread". */
  bellWithUnread: (n: number) => {
    const bell = NOTIFICATION_TEXTS.bell;
    const unread = unreadText(n);
    return t`${bell}, ${unread}`;
  },
  /** Read out before an unread notification. */
  get unreadMark() {
    return t`Unread:`;
  },
  get empty() {
    return t`Nothing yet. You will hear here when someone books your laptop, answers your booking, or a laptop you saved changes.`;
  },
  get markAllRead() {
    return t`Mark all as read`;
  },
  get loadError() {
    return t`Could not load your notifications.`;
  },
};

/**
 * The sentence of `n`, with `laptop` and `note` (what people wrote: a laptop's name, a buyer's name,
 * the admin's reason) standing for `n.laptop_name` and `n.note`.
 */
function sentence(n: Notification, laptop: string, note: string): string {
  const price = n.amount === null ? '' : formatTk(n.amount);
  return notificationSentence(i18n, n, { laptop, note, price });
}

/**
 * The note as it reads: a buyer's name as written; why the admin hid a listing (the reasons the
 * server wrote in English, then the admin's own words) with the reasons in the page's language.
 */
const noteText = (n: Notification) =>
  n.kind === 'listing_hidden' && n.note ? translateMessage(n.note) : (n.note ?? '');

/** What happened, in a sentence (a toast's words). */
export function notificationText(n: Notification): string {
  return sentence(n, n.laptop_name, noteText(n));
}

/** The same sentence for the page: the laptop's name and the note as they were written (translate="no"). */
export function notificationContent(n: Notification): ReactNode {
  return userContentIn((laptop: string, note: string) => sentence(n, laptop, note), n.laptop_name, noteText(n));
}
