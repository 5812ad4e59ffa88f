import { type ComponentType, useState } from 'react';
import { FaRegFlag } from 'react-icons/fa6';
import type { ConversationDetail } from '../../../../shared/conversations.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { NETWORK_MESSAGE } from '../../../lib/api-client.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import { toast } from '../../../lib/toast.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { BlockButton, UnblockButton } from './block-controls.tsx';

// The report dialog comes with the first press: few threads are reported.
const loadDialog = loadOnce(() =>
  import('./report-conversation-dialog.tsx').then((module) => module.ReportConversationDialog),
);
type Dialog = ComponentType<{ conversationId: string; onClose: () => void }>;

/**
 * What one of a conversation's two people may do about the other: block (or unblock) them, and
 * report the conversation to Laptop Haat once (then it says it was reported).
 */
export function ThreadActions({ conversation }: { conversation: ConversationDetail }) {
  const [Report, setReport] = useState<Dialog>();
  const openReport = () =>
    loadDialog().then(
      (component) => setReport(() => component),
      () => toast.error(translateMessage(NETWORK_MESSAGE)),
    );
  const { other } = conversation;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {conversation.blocked_by_me ? <UnblockButton person={other} /> : <BlockButton person={other} />}
      {conversation.reported_at ? (
        <span className="badge badge-ghost gap-1 py-3">
          <FaRegFlag aria-hidden="true" />
          {T.reported}
        </span>
      ) : (
        <button type="button" className="btn btn-sm btn-ghost" aria-haspopup="dialog" onClick={() => void openReport()}>
          <FaRegFlag aria-hidden="true" />
          {T.report}
        </button>
      )}
      {Report ? <Report conversationId={conversation._id} onClose={() => setReport(undefined)} /> : null}
    </div>
  );
}
