import { idSchema } from './common.ts';
import { MESSAGE_TEXT_MAX, REPORT_TEXT_MAX } from './rules.ts';
import { SCAM_WARNINGS } from './scam-warnings.ts';
import { z } from './z.ts';

// Conversations between a buyer and a seller about one listing, and blocks (docs/product.md#conversations,
// docs/decisions/0036). Only the two people in a conversation ever see it. Messages are plain text:
// clients show them as text, never as HTML.

export { MESSAGE_TEXT_MAX };

/**
 * Control characters other than newline and tab (Unicode's Cc: C0, DEL and C1). A person types none
 * of them; in a message they could only hide words from the reader or upset what shows it (a
 * terminal's escape sequences, a bell, a backspace over a scam warning's trigger word).
 */
const CONTROL = /[^\P{Cc}\n\t]/u;

/**
 * A message's words: 1 to 2,000 characters after trimming, with newlines and tabs but no other
 * control characters (`control_characters`). A Windows line end (CR LF) or an old Mac's (CR) is a
 * newline, written as one.
 */
export const messageTextSchema = z
  .string({ error: 'text is required' })
  .overwrite((text) => text.replace(/\r\n?/g, '\n'))
  .trim()
  .min(1, 'text is required')
  .max(MESSAGE_TEXT_MAX, `text must be ${MESSAGE_TEXT_MAX} characters or shorter`)
  .refine((text) => !CONTROL.test(text), {
    message: 'The message contains invisible control characters: remove them and send it again',
    params: { code: 'control_characters' },
  });

/** POST /api/conversations: the listing, and the first message (or the next, when it exists already). */
export const startConversationBodySchema = z.object({ laptop_id: idSchema('laptop_id'), text: messageTextSchema });
export type StartConversationInput = z.output<typeof startConversationBodySchema>;

/** POST /api/conversations/{id}/messages. */
export const sendMessageBodySchema = z.object({ text: messageTextSchema });

/** One message, as the reader sees it. */
export const messageSchema = z.object({
  _id: z.string(),
  /** Sent by the caller. */
  from_me: z.boolean(),
  text: z.string(),
  /** ISO 8601. */
  sent_at: z.string(),
  /** Scam warnings for the reader (shared/scam-warnings.ts), computed when it was sent. */
  warnings: z.array(z.enum(SCAM_WARNINGS)),
  /** Who wrote it: the admin reading a reported conversation tells the two people apart by it. */
  sender_id: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * The `message` event of GET /api/notifications/stream: a new message in one of the reader's
 * conversations, as that reader sees it (`from_me` false for the other person, true in the sender's
 * other tabs). Live only: it carries no event id and is never kept as a notification.
 */
export const liveMessageSchema = z.object({
  conversation_id: z.string(),
  laptop_id: z.string(),
  from: z.object({ _id: z.string(), name: z.string() }),
  message: messageSchema,
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** One conversation: the listing, the other person, the newest message and how many the caller has not read. */
export const conversationSchema = z.object({
  _id: z.string(),
  laptop_id: z.string(),
  laptop_name: z.string(),
  laptop_img: z.string(),
  other: z.object({ _id: z.string(), name: z.string() }),
  last_message: z.object({ text: z.string(), sent_at: z.string(), from_me: z.boolean() }).nullable(),
  /** Messages from the other person the caller has not read. */
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/conversations: newest activity first. */
export const conversationPageSchema = z.object({
  items: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** A person, as conversations name them. */
const personSchema = z.object({ _id: z.string(), name: z.string() });

/**
 * GET /api/conversations/{id}: one conversation for its thread page, with what the list leaves out.
 * Its two people may read it; the admin too while it stands reported (then `other` is the seller,
 * `unread` 0 and every message `from_me` false).
 */
export const conversationDetailSchema = conversationSchema.extend({
  laptop_price: z.number(),
  /** `available`, or `sold`/`hidden`: the talk stays readable. */
  laptop_status: z.enum(['available', 'sold', 'hidden']),
  buyer: personSchema,
  seller: personSchema,
  /** The caller blocked the other person (they cannot write to the caller nor book from them). */
  blocked_by_me: z.boolean(),
  /** Whether the caller may write in it now: false when either person blocked the other, or for the admin. */
  can_reply: z.boolean(),
  /** When one of the two reported it to the admin (ISO 8601), null when it is not reported. */
  reported_at: z.string().nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const CONVERSATION_REPORT_REASONS = ['scam', 'abuse', 'spam', 'other'] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];

/**
 * POST /api/conversations/{id}/report: one of its two people sends it to the admin's Reports page
 * (→ 204; reporting again → 409 `already_reported`). `details` (≤ 500) is required with `other`.
 */
export const reportConversationBodySchema = z
  .object({
    reason: z.enum(CONVERSATION_REPORT_REASONS, { error: 'Choose a reason' }),
    details: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z
        .string({ error: 'details must be text' })
        .trim()
        .max(REPORT_TEXT_MAX, `Details must be ${REPORT_TEXT_MAX} characters or shorter`)
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.details) {
      ctx.addIssue({
        code: 'custom',
        path: ['details'],
        message: 'Tell us what happened',
        params: { code: 'details_required' },
      });
    }
  });
export type ReportConversationInput = z.output<typeof reportConversationBodySchema>;

/**
 * GET /api/reports/conversations (admin): the reported conversations, the oldest report first; the
 * admin opens one at /dashboard/messages/{id}. DELETE /api/reports/conversations/{id} (admin) → 204
 * closes the report (the admin can no longer read it).
 */
export const reportedConversationSchema = z.object({
  _id: z.string(),
  laptop_id: z.string(),
  laptop_name: z.string(),
  buyer: personSchema,
  seller: personSchema,
  reported_by: personSchema,
  reason: z.enum(CONVERSATION_REPORT_REASONS),
  details: z.string().nullable(),
  /** ISO 8601. */
  reported_at: z.string(),
});
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;
export const reportedConversationPageSchema = z.object({
  items: z.array(reportedConversationSchema),
  nextCursor: z.string().nullable(),
});
export type ReportedConversationPage = z.infer<typeof reportedConversationPageSchema>;

/** GET /api/conversations/{id}/messages: newest first. */
export const messagePageSchema = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** PUT and DELETE /api/blocks/{userId}. */
export const blockParamsSchema = z.object({ userId: idSchema('userId') });

/** GET /api/blocks: the people the caller blocked, the most recent first. */
export const blockListSchema = z.object({ items: z.array(z.object({ _id: z.string(), name: z.string() })) });
export type BlockList = z.infer<typeof blockListSchema>;
