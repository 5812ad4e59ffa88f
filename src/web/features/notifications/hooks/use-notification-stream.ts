import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import type { NotificationKind } from '../../../../shared/catalog.ts';
import type { LiveMessage } from '../../../../shared/conversations.ts';
import type { Notification, NotificationPage } from '../../../../shared/notifications.ts';
import { API_BASE } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { addNotification, notificationsKey } from '../api/use-notifications.ts';
import { notificationText } from '../texts.ts';

// The live half of notifications (docs/product.md#notifications): one EventSource while signed in.
// Each event joins the bell's list, shows as a toast, and refreshes what it changed. The browser
// reconnects by itself and sends Last-Event-ID, and the server sends what was missed; the list is
// fetched again on every reconnection too. The stream opens once the list is there, and starts after
// the newest notification the list shows (`after`): one made between the list's answer and the
// stream's opening comes live too, instead of waiting for the next fetch of the list.

/** The cached lists a notification of each kind makes out of date. */
const CHANGES: Record<NotificationKind, readonly string[]> = {
  order_requested: ['orders', 'laptops'],
  order_cancelled: ['orders', 'laptops'],
  order_accepted: ['orders'],
  order_declined: ['orders', 'laptops'],
  order_completed: ['orders', 'laptops'],
  sold_to_other: ['orders', 'laptops'],
  listing_hidden: ['laptops', 'orders'],
  listing_approved: ['laptops'],
  listing_rejected: ['laptops'],
  price_dropped: ['wishlist', 'laptops'],
  wishlist_sold: ['wishlist', 'laptops'],
  saved_search_match: ['savedSearches'],
};

/** When the server refused the stream (it holds all it may: 503), the page tries again this much later. */
const REFUSED_RETRY_MS = 30_000;

/**
 * What else the stream carries, for the features that own it (composed in app/): a new chat
 * message (`message`, docs/decisions/0036), never a notification; and the stream's return after a
 * drop, when whatever it would have brought meanwhile is to be asked for again.
 */
export interface StreamListeners {
  onMessage?: (message: LiveMessage) => void;
  onReconnect?: () => void;
}

/** An event's JSON data; undefined for what cannot be read (it is skipped). */
function parsed<T>(event: Event): T | undefined {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return undefined;
  }
}

/** `enabled`: signed in, and the notification list has been answered (or has failed). */
export function useNotificationStream(enabled: boolean, listeners: StreamListeners = {}) {
  const queryClient = useQueryClient();
  // The newest listeners, without opening the stream again when they change.
  const listenersRef = useRef(listeners);
  listenersRef.current = listeners;
  // Bumped to open the stream again: after the server ended it (`stop`: the account's newer tab has
  // it) once this tab is looked at again, or after a refusal.
  const [opening, reopen] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `opening` is what opens the stream again
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    // Without a list (it failed), from the newest there is: never the old ones again as toasts.
    const page = queryClient.getQueryData<NotificationPage>(notificationsKey);
    const after = page ? `?after=${encodeURIComponent(page.items[0]?._id ?? '0')}` : '';
    const source = new EventSource(`${API_BASE}/notifications/stream${after}`);
    let dropped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const whenVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', whenVisible);
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
      reopen();
    };
    source.addEventListener('notification', (event) => {
      const notification = parsed<Notification>(event);
      if (!notification) return;
      queryClient.setQueryData<NotificationPage>(notificationsKey, (page) => addNotification(page, notification));
      toast(notificationText(notification), { icon: '🔔', duration: 6000 });
      for (const key of CHANGES[notification.kind] ?? []) void queryClient.invalidateQueries({ queryKey: [key] });
    });
    // A chat message: its feature's to show (it is not a notification: no toast, no count here).
    source.addEventListener('message', (event) => {
      const message = parsed<LiveMessage>(event);
      if (message) listenersRef.current.onMessage?.(message);
    });
    // The account opened more streams than it may hold (more tabs): this, the oldest, stops until
    // it is looked at again, when it takes the stream back from a tab in the background.
    source.addEventListener('stop', () => {
      source.close();
      document.addEventListener('visibilitychange', whenVisible);
      if (document.visibilityState === 'visible') setTimeout(whenVisible, REFUSED_RETRY_MS);
    });
    source.addEventListener('error', () => {
      dropped = true;
      // A refusal (not 200) closes an EventSource for good; a dropped stream reconnects by itself.
      if (source.readyState === EventSource.CLOSED) retry = setTimeout(reopen, REFUSED_RETRY_MS);
    });
    source.addEventListener('open', () => {
      if (dropped) {
        void queryClient.invalidateQueries({ queryKey: notificationsKey });
        listenersRef.current.onReconnect?.();
      }
      dropped = false;
    });
    return () => {
      clearTimeout(retry);
      document.removeEventListener('visibilitychange', whenVisible);
      source.close();
    };
  }, [enabled, queryClient, opening]);
}
