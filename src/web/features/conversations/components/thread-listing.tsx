import { Link } from 'react-router';
import type { ConversationDetail } from '../../../../shared/conversations.ts';
import { formatTk } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { ListingThumb } from './listing-thumb.tsx';

/** On top of a thread: the listing it is about, its photo, name and price now, and a link to it. */
export function ThreadListing({ conversation }: { conversation: ConversationDetail }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3">
      <ListingThumb src={conversation.laptop_img} size="md" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold" translate="no">
          {conversation.laptop_name}
        </p>
        <p className="font-bold text-primary">{formatTk(conversation.laptop_price)}</p>
        <Link to={paths.laptop(conversation.laptop_id, conversation.laptop_name)} className="link link-primary text-sm">
          {T.viewListing}
        </Link>
      </div>
    </div>
  );
}
