import { t } from '@lingui/core/macro';
import type { ConversationReportReason } from '../../../shared/conversations.ts';
import type { ScamWarning } from '../../../shared/scam-warnings.ts';
import { unreadText } from '../../components/count-badge.tsx';
import { formatMessageTime } from '../../lib/format-time.ts';

// The words of conversations (docs/product.md#conversations), in the page's language: the API
// sends each message's warnings as codes, and saying them is the client's (docs/i18n.md).

export const MESSAGE_TEXTS = {
  get heading() {
    return t`Messages`;
  },
  /** The navbar link's name: "Messages, 2 unread". */
  linkWithUnread: (n: number) => {
    const messages = MESSAGE_TEXTS.heading;
    const unread = unreadText(n);
    return t`${messages}, ${unread}`;
  },
  get empty() {
    return t`No messages yet. Ask a seller about a laptop with “Message seller” on its page.`;
  },
  get what() {
    return t`your messages`;
  },
  /** Before the last message when the reader wrote it. */
  get you() {
    return t`You:`;
  },
  with: (name: string) => t`with ${name}`,
  /**
   * When a message was sent (or a report made), in the page's language. Asked through here, so that
   * its code comes in the chunk of the conversations' words instead of a chunk of its own.
   */
  sentAt: (iso: string) => formatMessageTime(iso),
  conversationWith: (name: string) => t`Conversation with ${name}`,
  get messageSeller() {
    return t`Message seller`;
  },
  get logInToMessage() {
    return t`Log in to message the seller`;
  },
  get firstMessageLabel() {
    return t`Your message to the seller`;
  },
  get firstMessagePlaceholder() {
    return t`Is it still available? Can I see it this week?`;
  },
  get send() {
    return t`Send`;
  },
  get cancel() {
    return t`Cancel`;
  },
  get sendFailed() {
    return t`Your message was not sent. Please try again.`;
  },
  get inputLabel() {
    return t`Write a message`;
  },
  get inputHint() {
    return t`Enter sends, Shift+Enter starts a new line.`;
  },
  get earlier() {
    return t`Earlier messages`;
  },
  get viewListing() {
    return t`View the listing`;
  },
  get backToList() {
    return t`All messages`;
  },
  get notFound() {
    return t`This conversation was not found.`;
  },
  get sentByMe() {
    return t`You wrote`;
  },
  sentBy: (name: string) => t`${name} wrote`,
  block: (name: string) => t`Block ${name}`,
  unblock: (name: string) => t`Unblock ${name}`,
  get unblockShort() {
    return t`Unblock`;
  },
  blockQuestion: (name: string) => t`Block ${name}?`,
  get blockDetail() {
    return t`They will not be able to write to you or book your laptops, and you will no longer see their listings. You can unblock them later.`;
  },
  get blockConfirm() {
    return t`Block`;
  },
  blocked: (name: string) => t`You blocked ${name}.`,
  unblocked: (name: string) => t`You unblocked ${name}.`,
  get blockedByMe() {
    return t`You blocked this person: they cannot write to you or book your laptops.`;
  },
  get cannotReply() {
    return t`You can't reply in this conversation.`;
  },
  get readOnly() {
    return t`You are reading a reported conversation. Only its two people can write in it.`;
  },
  get actionFailed() {
    return t`Something went wrong. Please try again.`;
  },
  get blockedPeople() {
    return t`Blocked people`;
  },
  get blockedPeopleHint() {
    return t`They cannot write to you or book your laptops, and their listings are hidden from you.`;
  },
  get report() {
    return t`Report conversation`;
  },
  get reported() {
    return t`Reported to Laptop Haat`;
  },
  get reportTitle() {
    return t`Report this conversation`;
  },
  get reportIntro() {
    return t`Laptop Haat's team will read this conversation and act on it.`;
  },
  get reportReason() {
    return t`What is wrong?`;
  },
  get chooseReason() {
    return t`Choose a reason.`;
  },
  reportReasonLabel: (reason: ConversationReportReason) => REPORT_REASON_LABELS[reason](),
  get details() {
    return t`Details`;
  },
  get detailsRequired() {
    return t`Required for “Something else”: tell us what happened.`;
  },
  get detailsOptional() {
    return t`Optional: anything that helps us check.`;
  },
  get detailsMissing() {
    return t`Tell us what happened.`;
  },
  get reportSent() {
    return t`Thank you. Laptop Haat's team will read this conversation.`;
  },
  get alreadyReported() {
    return t`You have already reported this conversation.`;
  },
  reportedBy: (name: string) => t`Reported by ${name}`,
  get reportedWhat() {
    return t`the reported conversations`;
  },
  get noReported() {
    return t`No reported conversations. When someone reports one, it shows here.`;
  },
  get closeReport() {
    return t`Close report`;
  },
  get reportClosed() {
    return t`Report closed`;
  },
  get read() {
    return t`Read`;
  },
  get reportedIntro() {
    return t`Conversations people have reported. Read one to see what was said, then close its report.`;
  },
  get reportedConversations() {
    return t`Reported conversations`;
  },
  /** The admin reads a reported conversation: whose each message is. */
  buyerRole: (name: string) => t`${name} (buyer)`,
  sellerRole: (name: string) => t`${name} (seller)`,
  conversationBetween: (buyer: string, seller: string) => t`Conversation between ${buyer} and ${seller}`,
  /** A received message's warnings, each in one sentence, then the rule once. */
  warning: (codes: readonly ScamWarning[]) => [...codes.map(warningSentence), NEVER_PAY()].join(' '),
};

function warningSentence(code: ScamWarning): string {
  switch (code) {
    case 'advance_payment':
      return t`This message asks for an advance payment.`;
    case 'external_link':
      return t`This message has a link to outside Laptop Haat.`;
    case 'phone_number':
      return t`This message has a phone number to talk outside Laptop Haat.`;
  }
}

const NEVER_PAY = () => t`Never pay before you have seen the laptop.`;

const REPORT_REASON_LABELS: Record<ConversationReportReason, () => string> = {
  scam: () => t`Scam, or asks for money before a meeting`,
  abuse: () => t`Abusive or threatening`,
  spam: () => t`Spam or advertising`,
  other: () => t`Something else`,
};
/** The reasons, in the order the dialog offers them. */
export const CONVERSATION_REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as ConversationReportReason[];
