import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FaArrowLeft } from 'react-icons/fa6';
import { Link, useParams } from 'react-router';
import type { ConversationDetail } from '../../../../shared/conversations.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useConversation } from '../../../features/conversations/api/use-conversations.ts';
import { MessageThread } from '../../../features/conversations/components/message-thread.tsx';
import { ThreadActions } from '../../../features/conversations/components/thread-actions.tsx';
import { ThreadListing } from '../../../features/conversations/components/thread-listing.tsx';
import { MESSAGE_TEXTS } from '../../../features/conversations/texts.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { sessionQuery } from '../../../lib/session.ts';

// One conversation (docs/product.md#conversations): the listing it is about on top (its photo, name
// and price, a link to it), block and report, the messages, and the box to answer. Only its two
// people reach it, and the admin, read-only, while it stands reported.
export function MessageThreadPage() {
  const { id = '' } = useParams();
  const { data: conversation, isPending, error } = useConversation(id);
  const me = useQuery(sessionQuery()).data;
  // Neither of its two people: the admin reading a reported conversation.
  const observer = Boolean(conversation && me && me.id !== conversation.buyer._id && me.id !== conversation.seller._id);

  let content: ReactNode;
  if (isPending) content = <Spinner />;
  else if (isApiError(error, 404))
    content = <p className="py-10 text-center text-base-content/70">{MESSAGE_TEXTS.notFound}</p>;
  else if (!conversation) content = <LoadError what={MESSAGE_TEXTS.what} />;
  else
    content = (
      <>
        <ThreadListing conversation={conversation} />
        {observer ? null : <ThreadActions conversation={conversation} />}
        <MessageThread conversation={conversation} observer={observer} />
      </>
    );

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="thread-heading">
      <PageHead title={t`Messages — Laptop Haat`} noIndex />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h2 id="thread-heading" className="min-w-0 flex-1 text-2xl font-bold tracking-tight">
          {conversation ? heading(conversation, observer) : MESSAGE_TEXTS.heading}
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

function heading(conversation: ConversationDetail, observer: boolean): ReactNode {
  if (observer)
    return userContentIn(MESSAGE_TEXTS.conversationBetween, conversation.buyer.name, conversation.seller.name);
  return userContentIn(MESSAGE_TEXTS.conversationWith, conversation.other.name);
}
