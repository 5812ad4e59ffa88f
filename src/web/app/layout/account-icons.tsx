import { MessagesLink } from '../../features/conversations/components/messages-link.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useDismiss } from './use-dismiss.ts';

/**
 * The signed-in user's icons in the navbar: Messages with its unread count, and the notification
 * bell. One module, so that their code (and the bell's live stream) loads after the page in one
 * request, and only for signed-in users.
 */
export function AccountIcons() {
  return (
    <>
      <MessagesLink />
      <NotificationBell useDismiss={useDismiss} />
    </>
  );
}
