import { useEffect, useRef } from 'react';
import { FaTriangleExclamation } from 'react-icons/fa6';
import type { ConversationDetail, Message } from '../../../../shared/conversations.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { formatMessageTime } from '../../../lib/format.ts';
import { usePageVisible } from '../../../lib/use-page-visible.ts';
import { useMarkConversationRead, useMessages, useSendMessage } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { MessageForm } from './message-form.tsx';

/**
 * One conversation's messages, oldest at the top and the newest in view at the bottom, the reader's
 * own on the right, a plain warning under a received message that looks like a scam, and the box
 * to answer under them. A message from the stream joins it live; the other's newest is marked read
 * as soon as it shows on a page that is looked at (not in a tab in the background). Texts are plain
 * text: React escapes them, and line breaks are kept.
 */
export function MessageThread({ conversation }: { conversation: ConversationDetail }) {
  const { _id: id } = conversation;
  const otherName = conversation.other.name;
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
    if (unreadNewest && visible) markAsRead();
  }, [unreadNewest, visible, markAsRead]);

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
            <MessageItem key={m._id} message={m} otherName={otherName} />
          ))}
        </ol>
      </div>
      <MessageForm
        label={T.inputLabel}
        onSend={(text) => sendMessage.mutateAsync(text)}
        pending={sendMessage.isPending}
        error={sendMessage.error}
      />
    </div>
  );
}

function MessageItem({ message, otherName }: { message: Message; otherName: string }) {
  const mine = message.from_me;
  return (
    <li className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
      <span className="sr-only">{mine ? T.sentByMe : userContentIn(T.sentBy, otherName)}</span>
      <div
        className={`chat-bubble max-w-[85%] break-words whitespace-pre-wrap ${mine ? 'chat-bubble-primary' : ''}`}
        translate="no"
      >
        {message.text}
      </div>
      <div className="chat-footer text-xs text-base-content/60">
        <time dateTime={message.sent_at}>{formatMessageTime(message.sent_at)}</time>
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
