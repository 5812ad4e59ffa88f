import { useCallback, useId, useRef, useState } from 'react';
import { FaBell } from 'react-icons/fa';
import { Link } from 'react-router';
import { notificationLink } from '../../../../shared/notification-links.ts';
import type { Notification } from '../../../../shared/notifications.ts';
import { CountBadge } from '../../../components/count-badge.tsx';
import { formatPostDate } from '../../../lib/format.ts';
import { useMarkRead, useNotifications } from '../api/use-notifications.ts';
import { type StreamListeners, useNotificationStream } from '../hooks/use-notification-stream.ts';
import { notificationContent, NOTIFICATION_TEXTS as T } from '../texts.ts';

interface NotificationBellProps {
  /** Closes the panel when it is dismissed from outside (the navbar's own dismiss handling). */
  useDismiss?: (ref: React.RefObject<HTMLElement | null>, open: boolean, close: (viaEscape: boolean) => void) => void;
  /** What the bell's stream also carries for others (chat messages): they never reach the bell. */
  streamListeners?: StreamListeners;
}

/**
 * The navbar's bell (docs/product.md#notifications): the unread count on it, the newest
 * notifications under it, each linking to where it matters; live while the page is open.
 */
export function NotificationBell({ useDismiss, streamListeners }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const notifications = useNotifications(true);
  const markRead = useMarkRead();
  useNotificationStream(!notifications.isPending, streamListeners);
  const close = useCallback((viaEscape: boolean) => {
    setOpen(false);
    if (viaEscape) buttonRef.current?.focus();
  }, []);
  useDismiss?.(rootRef, open, close);

  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];
  const label = unread > 0 ? T.bellWithUnread(unread) : T.bell;

  const openItem = (n: Notification) => {
    if (!n.read) markRead.mutate([n._id]);
    setOpen(false);
  };

  return (
    // Under 640 px the panel spans the navbar (positioned there) under the bell's row: hung from the
    // bell, which is not at the screen's edge, it ran off the left of a 360 px phone.
    <div ref={rootRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="indicator">
          <FaBell aria-hidden="true" className="size-5" />
          <CountBadge count={unread} />
        </span>
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label={T.bell}
          className="absolute inset-x-2 top-16 z-40 rounded-box sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80 border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 className="font-semibold">{T.bell}</h2>
            {unread > 0 ? (
              <button type="button" className="btn btn-link btn-xs" onClick={() => markRead.mutate(undefined)}>
                {T.markAllRead}
              </button>
            ) : null}
          </div>
          {notifications.isError ? (
            <p className="px-2 py-4 text-sm text-error">{T.loadError}</p>
          ) : items.length === 0 ? (
            <p className="px-2 py-4 text-sm text-base-content/70">{T.empty}</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {items.map((n) => (
                <li key={n._id}>
                  <Link
                    to={notificationLink(n)}
                    onClick={() => openItem(n)}
                    className={`block rounded-field px-2 py-2 text-sm hover:bg-base-200 ${n.read ? 'text-base-content/70' : 'font-medium'}`}
                  >
                    {n.read ? null : <span className="sr-only">{`${T.unreadMark} `}</span>}
                    {notificationContent(n)}
                    <span className="block text-xs font-normal text-base-content/60">
                      <time dateTime={n.created_at}>{formatPostDate(n.created_at)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
