import { type ReactNode, useEffect, useRef } from 'react';
import { FaTriangleExclamation } from 'react-icons/fa6';
import type { ConversationDetail, Message } from '../../../../shared/conversations.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { usePageVisible } from '../../../lib/use-page-visible.ts';
import { useMarkConversationRead, useMessages, useSendMessage } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { UnblockButton } from './block-controls.tsx';
import { MessageForm } from './message-form.tsx';

/**
 * One conversation's messages, oldest at the top and the newest in view at the bottom, the reader's
 * own on the right, a plain warning under a received message that looks like a scam, and the box
 * to answer under them. A message from the stream joins it live; the other's newest is marked read
 * as soon as it shows on a page that is looked at (not in a tab in the background). Texts are plain
 * text: React escapes them, and line breaks are kept.
 */
export function MessageThread({ conversation, observer }: { conversation: ConversationDetail; observer: boolean }) {
  const { _id: id } = conversation;
  const messages = useMessages(id);
  const sendMessage = useSendMessage(id);
  const markRead = useMarkConversationRead(id);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The API pages newest first; the screen reads top to bottom, oldest first.
  const shown = (messages.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse();
  const newest = shown.at(-1);

  const visible = usePageVisible();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a newer message shows, on purpose
  useEffect(() => {
    const box = scrollRef.current;
    if (newest && box) box.scrollTop = box.scrollHeight;
  }, [newest?._id]);
  const { mutate: markAsRead } = markRead;
  const unreadNewest = newest && !newest.from_me ? newest._id : null;
  useEffect(() => {
    // The admin reading a reported conversation is not one of its readers: nothing to mark.
    if (unreadNewest && visible && !observer) markAsRead();
  }, [unreadNewest, visible, observer, markAsRead]);
  const author = (m: Message) => authorOf(conversation, m, observer);

  if (messages.isPending) return <Spinner />;
  if (messages.isError) return <LoadError what={T.what} />;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div
        ref={scrollRef}
        className="max-h-[60dvh] min-h-48 overflow-y-auto overscroll-contain rounded-box border border-base-300 bg-base-200/40 p-2 sm:p-3"
      >
        {messages.hasNextPage ? (
          <div className="flex justify-center">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              {T.earlier}
            </button>
          </div>
        ) : null}
        <ol aria-label={T.heading} className="grid gap-1">
          {shown.map((m) => (
            <MessageItem key={m._id} message={m} author={author(m)} />
          ))}
        </ol>
      </div>
      {conversation.can_reply && !observer ? (
        <MessageForm
          label={T.inputLabel}
          onSend={(text) => sendMessage.mutateAsync(text)}
          pending={sendMessage.isPending}
          error={sendMessage.error}
        />
      ) : (
        <ReplyNotice conversation={conversation} observer={observer} />
      )}
    </div>
  );
}

/** Who wrote a message, as the thread labels it, and on which side it goes. */
interface Author {
  /** Read out before the message (and shown above it to the admin, who is neither of the two). */
  label: ReactNode;
  shown: boolean;
  end: boolean;
}

function authorOf(conversation: ConversationDetail, message: Message, observer: boolean): Author {
  if (observer) {
    // The buyer on the left, the seller on the right, each named: the admin tells them apart.
    const bySeller = message.sender_id === conversation.seller._id;
    const label = bySeller
      ? userContentIn(T.sellerRole, conversation.seller.name)
      : userContentIn(T.buyerRole, conversation.buyer.name);
    return { label, shown: true, end: bySeller };
  }
  if (message.from_me) return { label: T.sentByMe, shown: false, end: true };
  return { label: userContentIn(T.sentBy, conversation.other.name), shown: false, end: false };
}

/** In place of the box when the reader may not write: why, and the way back when it is theirs. */
function ReplyNotice({ conversation, observer }: { conversation: ConversationDetail; observer: boolean }) {
  let words: string;
  if (observer) words = T.readOnly;
  else if (conversation.blocked_by_me) words = T.blockedByMe;
  else words = T.cannotReply;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 bg-base-200 p-3">
      <p className="min-w-0 flex-1 text-sm">{words}</p>
      {!observer && conversation.blocked_by_me ? <UnblockButton person={conversation.other} /> : null}
    </div>
  );
}

function MessageItem({ message, author }: { message: Message; author: Author }) {
  const mine = message.from_me;
  return (
    <li className={`chat ${author.end ? 'chat-end' : 'chat-start'}`}>
      {author.shown ? (
        <div className="chat-header text-xs font-semibold">{author.label}</div>
      ) : (
        <span className="sr-only">{author.label}</span>
      )}
      <div
        className={`chat-bubble max-w-[85%] break-words whitespace-pre-wrap ${author.end ? 'chat-bubble-primary' : ''}`}
        translate="no"
      >
        {message.text}
      </div>
      <div className="chat-footer text-xs text-base-content/75">
        <time dateTime={message.sent_at}>{T.sentAt(message.sent_at)}</time>
      </div>
      {!mine && message.warnings.length > 0 ? (
        <p
          role="note"
          className="chat-footer mt-1 flex max-w-[85%] items-start gap-2 rounded-field bg-warning/20 p-2 text-sm text-base-content"
        >
          <FaTriangleExclamation aria-hidden="true" className="mt-0.5 shrink-0 text-warning" />
          <span>{T.warning(message.warnings)}</span>
        </p>
      ) : null}
    </li>
  );
}
