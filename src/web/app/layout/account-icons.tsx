import { useListsWithoutBlocked, useLiveMessages } from '../../features/conversations/api/use-conversations.ts';
import { MessagesLink } from '../../features/conversations/components/messages-link.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useDismiss } from './use-dismiss.ts';

/**
 * The signed-in user's icons in the navbar: Messages with its unread count, and the notification
 * bell. One module, so that their code (and the bell's live stream) loads after the page in one
 * request, and only for signed-in users. The bell's stream also brings chat messages: they go to
 * conversations (the lists, the open thread, the Messages count), never to the bell. A user who
 * blocked sellers has the page's lists asked again without them.
 */
export function AccountIcons() {
  const liveMessages = useLiveMessages();
  useListsWithoutBlocked();
  return (
    <>
      <MessagesLink />
      <NotificationBell useDismiss={useDismiss} streamListeners={liveMessages} />
    </>
  );
}
