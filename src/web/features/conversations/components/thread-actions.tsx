import { useState } from 'react';
import { FaRegFlag } from 'react-icons/fa6';
import type { ConversationDetail } from '../../../../shared/conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { BlockButton, UnblockButton } from './block-controls.tsx';
import { ReportConversationDialog } from './report-conversation-dialog.tsx';

/**
 * What one of a conversation's two people may do about the other: block (or unblock) them, and
 * report the conversation to Laptop Haat once (then it says it was reported).
 */
export function ThreadActions({ conversation }: { conversation: ConversationDetail }) {
  const [reporting, setReporting] = useState(false);
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
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-haspopup="dialog"
          onClick={() => setReporting(true)}
        >
          <FaRegFlag aria-hidden="true" />
          {T.report}
        </button>
      )}
      {reporting ? (
        <ReportConversationDialog conversationId={conversation._id} onClose={() => setReporting(false)} />
      ) : null}
    </div>
  );
}
