import { FaRegComments } from 'react-icons/fa6';
import { Link } from 'react-router';
import { CountBadge } from '../../../components/count-badge.tsx';
import { paths } from '../../../lib/paths.ts';
import { useUnreadMessages } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';

/**
 * The navbar's way to Messages, with the unread count over the first page of conversations (live
 * from the stream, asked again on focus). Chat messages have their own count: the bell stays for events.
 */
export function MessagesLink() {
  const unread = useUnreadMessages().data ?? 0;
  return (
    <Link
      to={paths.messages}
      className="btn btn-ghost btn-circle"
      aria-label={unread > 0 ? T.linkWithUnread(unread) : T.heading}
    >
      <span className="indicator">
        <FaRegComments aria-hidden="true" className="size-5" />
        <CountBadge count={unread} />
      </span>
    </Link>
  );
}
