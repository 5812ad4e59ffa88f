import { Link } from 'react-router';
import type { Conversation } from '../../../../shared/conversations.ts';
import { unreadText } from '../../../components/count-badge.tsx';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { cutText, formatCount } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { ListingThumb } from './listing-thumb.tsx';

/** How much of the last message a row shows. */
const PREVIEW_CHARS = 80;

/**
 * The caller's conversations, newest activity first: the laptop's photo and name, the other person,
 * the last message ("You: …" when the caller wrote it), its date and the unread count.
 */
export function ConversationList({ conversations }: { conversations: readonly Conversation[] }) {
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
      {conversations.map((c) => (
        <li key={c._id}>
          <Link
            to={paths.messageThread(c._id)}
            className="flex min-w-0 items-center gap-3 p-3 hover:bg-base-200"
            aria-label={c.unread > 0 ? `${c.laptop_name}, ${unreadText(c.unread)}` : undefined}
          >
            <ListingThumb src={c.laptop_img} />
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline gap-2">
                <p className={`min-w-0 flex-1 truncate ${c.unread > 0 ? 'font-bold' : 'font-medium'}`} translate="no">
                  {c.laptop_name}
                </p>
                {c.last_message ? (
                  <time dateTime={c.last_message.sent_at} className="shrink-0 text-xs text-base-content/60">
                    {T.sentAt(c.last_message.sent_at)}
                  </time>
                ) : null}
              </div>
              <p className="truncate text-sm text-base-content/70">{userContentIn(T.with, c.other.name)}</p>
              {c.last_message ? (
                <p className="truncate text-sm">
                  {c.last_message.from_me ? `${T.you} ` : null}
                  <span translate="no">{cutText(c.last_message.text, PREVIEW_CHARS)}</span>
                </p>
              ) : null}
            </div>
            {c.unread > 0 ? (
              <span className="badge badge-primary badge-sm shrink-0" aria-hidden="true">
                {formatCount(c.unread)}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
