import { useState } from 'react';
import { FaRegComments } from 'react-icons/fa6';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useStartConversation } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { MessageForm } from './message-form.tsx';

/**
 * "Message seller" on a listing (docs/product.md#conversations): a small form whose first message
 * starts the conversation (or goes on with the one the buyer has), then the thread opens.
 */
export function MessageSeller({ laptopId }: { laptopId: string }) {
  const [open, setOpen] = useState(false);
  const start = useStartConversation();
  const navigate = useNavigate();

  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-primary" onClick={() => setOpen(true)}>
        <FaRegComments aria-hidden="true" />
        {T.messageSeller}
      </button>
    );
  }
  return (
    <MessageForm
      label={T.firstMessageLabel}
      placeholder={T.firstMessagePlaceholder}
      pending={start.isPending}
      error={start.error}
      autoFocus
      onSend={async (text) => {
        const conversation = await start.mutateAsync({ laptop_id: laptopId, text });
        void navigate(paths.messageThread(conversation._id));
      }}
    >
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
        {T.cancel}
      </button>
    </MessageForm>
  );
}

/** For a visitor: log in, then come back to this listing. */
export function LogInToMessage() {
  const { pathname } = useLocation();
  return (
    <Link to={`${paths.login}?from=${encodeURIComponent(pathname)}`} className="btn btn-outline btn-primary">
      <FaRegComments aria-hidden="true" />
      {T.logInToMessage}
    </Link>
  );
}
