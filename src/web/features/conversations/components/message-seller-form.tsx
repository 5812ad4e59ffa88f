import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useStartConversation } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { MessageForm } from './message-form.tsx';

/**
 * The first message to a listing's seller (docs/product.md#conversations): it starts the
 * conversation (or goes on with the one the buyer has), then the thread opens. Loaded on the press
 * of "Message seller" (message-seller.tsx), on the listing page and on the cards.
 */
export function MessageSellerForm({ laptopId, onCancel }: { laptopId: string; onCancel: () => void }) {
  const start = useStartConversation();
  const navigate = useNavigate();
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
      <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
        {T.cancel}
      </button>
    </MessageForm>
  );
}
