import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FaArrowLeft } from 'react-icons/fa6';
import { Link, useParams } from 'react-router';
import type { Conversation } from '../../../../shared/conversations.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { laptopQuery } from '../../../features/catalog/api/use-laptop.ts';
import { useConversation } from '../../../features/conversations/api/use-conversations.ts';
import { MessageThread } from '../../../features/conversations/components/message-thread.tsx';
import { MESSAGE_TEXTS } from '../../../features/conversations/texts.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { formatTk } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

// One conversation (docs/product.md#conversations): the listing it is about on top (its photo, name
// and price, a link to it), the messages, and the box to answer. Only its two people reach it.
export function MessageThreadPage() {
  const { id = '' } = useParams();
  const { conversation, isPending, isError } = useConversation(id);

  let content: ReactNode;
  if (isPending) content = <Spinner />;
  else if (isError) content = <LoadError what={MESSAGE_TEXTS.what} />;
  else if (!conversation) content = <p className="py-10 text-center text-base-content/70">{MESSAGE_TEXTS.notFound}</p>;
  else
    content = (
      <>
        <ListingHeader conversation={conversation} />
        <MessageThread id={conversation._id} otherName={conversation.other.name} />
      </>
    );

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="thread-heading">
      <PageHead title={t`Messages — Laptop Haat`} noIndex />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h2 id="thread-heading" className="min-w-0 flex-1 text-2xl font-bold tracking-tight">
          {conversation
            ? userContentIn(MESSAGE_TEXTS.conversationWith, conversation.other.name)
            : MESSAGE_TEXTS.heading}
        </h2>
        <Link to={paths.messages} className="link link-primary flex items-center gap-1 text-sm">
          <FaArrowLeft aria-hidden="true" />
          {MESSAGE_TEXTS.backToList}
        </Link>
      </div>
      {content}
    </section>
  );
}

/** The listing the conversation is about; its price comes from the listing itself (it may have changed). */
function ListingHeader({ conversation }: { conversation: Conversation }) {
  const laptop = useQuery(laptopQuery(conversation.laptop_id));
  const href = paths.laptop(conversation.laptop_id, conversation.laptop_name);
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3">
      <img
        src={conversation.laptop_img}
        alt=""
        width={80}
        height={50}
        className="aspect-[8/5] w-20 shrink-0 rounded-field object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold" translate="no">
          {conversation.laptop_name}
        </p>
        {laptop.data ? <p className="font-bold text-primary">{formatTk(laptop.data.resale_price)}</p> : null}
        <Link to={href} className="link link-primary text-sm">
          {MESSAGE_TEXTS.viewListing}
        </Link>
      </div>
    </div>
  );
}
