import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useConversations } from '../../../features/conversations/api/use-conversations.ts';
import { BlockedPeople } from '../../../features/conversations/components/blocked-people.tsx';
import { ConversationList } from '../../../features/conversations/components/conversation-list.tsx';
import { MESSAGE_TEXTS } from '../../../features/conversations/texts.ts';

// Every signed-in role (docs/product.md#conversations): the caller's conversations, newest activity first.
export function MessagesPage() {
  const conversations = useConversations();
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];

  let content: ReactNode;
  if (conversations.isPending) content = <Spinner />;
  else if (conversations.isError) content = <LoadError what={MESSAGE_TEXTS.what} />;
  else if (items.length === 0)
    content = <p className="py-10 text-center text-base-content/70">{MESSAGE_TEXTS.empty}</p>;
  else
    content = (
      <>
        <ConversationList conversations={items} />
        <LoadMore
          hasNextPage={conversations.hasNextPage}
          isFetchingNextPage={conversations.isFetchingNextPage}
          onLoadMore={() => void conversations.fetchNextPage()}
        />
      </>
    );

  return (
    <section className="min-w-0" aria-labelledby="messages-heading">
      <PageHead title={t`Messages — Laptop Haat`} noIndex />
      <h2 id="messages-heading" className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">
        {MESSAGE_TEXTS.heading}
      </h2>
      {content}
      <BlockedPeople />
    </section>
  );
}
