import { t } from '@lingui/core/macro';
import type { ScamWarning } from '../../../shared/scam-warnings.ts';
import { unreadText } from '../../components/count-badge.tsx';

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
