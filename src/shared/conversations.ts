import { idSchema } from './common.ts';
import { MESSAGE_TEXT_MAX } from './rules.ts';
import { SCAM_WARNINGS } from './scam-warnings.ts';
import { z } from './z.ts';

// Conversations between a buyer and a seller about one listing, and blocks (docs/product.md#conversations,
// docs/decisions/0036). Only the two people in a conversation ever see it. Messages are plain text:
// clients show them as text, never as HTML.

export { MESSAGE_TEXT_MAX };
/** A message's words: 1 to 2,000 characters after trimming. */
export const messageTextSchema = z
  .string({ error: 'text is required' })
  .trim()
  .min(1, 'text is required')
  .max(MESSAGE_TEXT_MAX, `text must be ${MESSAGE_TEXT_MAX} characters or shorter`);

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

/** GET /api/conversations/{id}/messages: newest first. */
export const messagePageSchema = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** PUT and DELETE /api/blocks/{userId}. */
export const blockParamsSchema = z.object({ userId: idSchema('userId') });

/** GET /api/blocks: the people the caller blocked, the most recent first. */
export const blockListSchema = z.object({ items: z.array(z.object({ _id: z.string(), name: z.string() })) });
export type BlockList = z.infer<typeof blockListSchema>;
