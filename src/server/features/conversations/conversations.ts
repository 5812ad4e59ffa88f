import { type AnyColumn, and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  BlockList,
  Conversation,
  ConversationDetail,
  ConversationPage,
  Message,
  MessagePage,
  ReportConversationInput,
  ReportedConversation,
  ReportedConversationPage,
  StartConversationInput,
} from '../../../shared/conversations.ts';
import { type ScamWarning, warningsOf } from '../../../shared/scam-warnings.ts';
import { LIST_LIMIT, type PageQuery } from '../../../shared/search.ts';
import type { Actor } from '../../platform/actor.ts';
import { type Db, newId } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { afterKey, decodeCursor, newestFirst, timestampCursor, timestampKey, toPage } from '../../platform/paging.ts';
import { isPublic } from '../laptops/laptops.ts';
import { laptops } from '../laptops/schema.ts';
import type { Delivery, WithDeliveries } from '../notifications/notifications.ts';
import { users } from '../users/schema.ts';
import { blocks, conversations, messages } from './schema.ts';

// Conversations (docs/product.md#conversations, docs/decisions/0036): one per buyer and listing,
// started by the buyer with a first message; only its two people see it or write in it (anyone else
// is answered 404, as if it did not exist), except that the admin may read one while it stands
// reported, and never write in it. Each message carries the scam
// warnings of its text, computed once when it is sent. A person the other has blocked can neither
// start a conversation with them nor write in one. A new message goes live to both people's open
// pages through the notification stream (its `message` event) once it has committed, without
// becoming a notification.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The orders of the two lists, named in their cursors (platform/paging.ts). */
const ACTIVITY = 'activity';
const SENT = 'sent';
const REPORTED = 'reported';

/** ISO 8601 in UTC to the millisecond, as the API writes every time. */
const isoUtc = (column: SQL | AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ---------------------------------------------------------------------------------------------
// Conversations, as one of their two people sees them.

const other = alias(users, 'other');

/** The conversation's newest message, as one JSON text (one walk of message_conversation_newest_idx). */
const lastMessage = () => sql<string | null>`(
  select json_build_object('text', m.text, 'sent_at', ${isoUtc(sql`m.sent_at`)}, 'sender_id', m.sender_id)::text
  from ${messages} m where m.conversation_id = ${conversations.id}
  order by m.sent_at desc nulls last, m.id desc nulls last limit 1)`;

/** The other person's messages after `me` last read (a range of the same index). */
function unreadOf(me: string) {
  const iAmBuyer = sql`${conversations.buyerId} = ${me}`;
  const myReadAt = sql`case when ${iAmBuyer} then ${conversations.buyerReadAt} else ${conversations.sellerReadAt} end`;
  return sql<number>`(
    select count(*)::int from ${messages} m
    where m.conversation_id = ${conversations.id} and m.sender_id <> ${me}
      and m.sent_at > coalesce(${myReadAt}, '-infinity'::timestamptz))`.mapWith(Number);
}

type LastMessage = { text: string; sent_at: string; sender_id: string };

/** The newest message as `me` sees it. */
function lastMessageFor(me: string, last: string | null): Conversation['last_message'] {
  const m = last ? (JSON.parse(last) as LastMessage) : null;
  return m && { text: m.text, sent_at: m.sent_at, from_me: m.sender_id === me };
}

/** The conversations `me` is in, with the listing, the other person, the newest message and `me`'s unread count. */
function conversationRows(db: Db | Tx, me: string, where: SQL | undefined, limit: number) {
  const iAmBuyer = sql`${conversations.buyerId} = ${me}`;
  return db
    .select({
      id: conversations.id,
      laptopId: conversations.laptopId,
      laptopName: laptops.name,
      laptopImg: laptops.imageUrl,
      otherId: other.id,
      otherName: other.name,
      key: timestampKey(conversations.lastMessageAt),
      last: lastMessage(),
      unread: unreadOf(me),
    })
    .from(conversations)
    .innerJoin(laptops, eq(laptops.id, conversations.laptopId))
    .innerJoin(
      other,
      sql`${other.id} = case when ${iAmBuyer} then ${conversations.sellerId} else ${conversations.buyerId} end`,
    )
    .where(and(or(eq(conversations.buyerId, me), eq(conversations.sellerId, me)), where))
    .orderBy(newestFirst(conversations.lastMessageAt), newestFirst(conversations.id))
    .limit(limit);
}

type ConversationRow = Awaited<ReturnType<typeof conversationRows>>[number];

function toConversation(me: string, r: ConversationRow): Conversation {
  return {
    _id: r.id,
    laptop_id: r.laptopId,
    laptop_name: r.laptopName,
    laptop_img: r.laptopImg,
    other: { _id: r.otherId, name: r.otherName },
    last_message: lastMessageFor(me, r.last),
    unread: r.unread,
  };
}

/** GET /api/conversations: the caller's, newest activity first (last_message_at, id descending). */
export async function listConversations({
  db,
  actor,
  page,
}: {
  db: Db;
  actor: Actor;
  page: PageQuery;
}): Promise<ConversationPage> {
  const limit = page.limit ?? LIST_LIMIT.default;
  const after = page.cursor
    ? afterKey(
        conversations.lastMessageAt,
        conversations.id,
        'desc',
        timestampCursor(decodeCursor(page.cursor, ACTIVITY, 'timestamp')),
      )
    : undefined;
  const rows = await conversationRows(db, actor.id, after, limit + 1);
  return toPage(
    rows,
    limit,
    ACTIVITY,
    (r) => r.key,
    (r) => toConversation(actor.id, r),
  );
}

async function conversationOf(db: Db | Tx, me: string, id: string): Promise<Conversation> {
  const [row] = await conversationRows(db, me, eq(conversations.id, id), 1);
  if (!row) throw new AppError('conversation_not_found');
  return toConversation(me, row);
}

// ---------------------------------------------------------------------------------------------
// One conversation, for its thread page; and who may read one.

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** A listing's state as a conversation shows it: the talk stays readable when it is sold or hidden. */
const LAPTOP_STATUS = { unsold: 'available', sold: 'sold', hidden: 'hidden' } as const;

/**
 * Whether `actor` may read conversation `c`: its two people, and the admin while it stands
 * reported (to judge the report by the words themselves). Anyone else learns nothing (404).
 */
function readableAs(actor: Actor, c: { buyerId: string; sellerId: string; reported: boolean }): 'person' | 'admin' {
  if (c.buyerId === actor.id || c.sellerId === actor.id) return 'person';
  if (actor.role === 'admin' && c.reported) return 'admin';
  throw new AppError('conversation_not_found');
}

/** GET /api/conversations/{id}: the conversation with its listing, both people and whether the caller may reply. */
export async function getConversation({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<ConversationDetail> {
  const me = actor.id;
  const otherOfMe = sql`case when ${conversations.buyerId} = ${me} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  const [r] = await db
    .select({
      id: conversations.id,
      laptopId: conversations.laptopId,
      laptopName: laptops.name,
      laptopImg: laptops.imageUrl,
      laptopPrice: laptops.resalePrice,
      salesStatus: laptops.salesStatus,
      buyerId: buyer.id,
      buyerName: buyer.name,
      sellerId: seller.id,
      sellerName: seller.name,
      reportedAt: sql<string | null>`${isoUtc(conversations.reportedAt)}`,
      last: lastMessage(),
      unread: unreadOf(me),
      // Both directions of a block, each its primary key's one row (meaningless, and unused, for the admin).
      blockedByMe: sql<boolean>`exists(select 1 from ${blocks} b where b.blocker_id = ${me} and b.blocked_id = ${otherOfMe})`,
      blocksMe: sql<boolean>`exists(select 1 from ${blocks} b where b.blocker_id = ${otherOfMe} and b.blocked_id = ${me})`,
    })
    .from(conversations)
    .innerJoin(laptops, eq(laptops.id, conversations.laptopId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .where(eq(conversations.id, id));
  if (!r) throw new AppError('conversation_not_found');
  const as = readableAs(actor, { buyerId: r.buyerId, sellerId: r.sellerId, reported: r.reportedAt !== null });
  const people = { buyer: { _id: r.buyerId, name: r.buyerName }, seller: { _id: r.sellerId, name: r.sellerName } };
  const iAmBuyer = as === 'person' && r.buyerId === me;
  const blockedByMe = as === 'person' && Boolean(r.blockedByMe);
  return {
    _id: r.id,
    laptop_id: r.laptopId,
    laptop_name: r.laptopName,
    laptop_img: r.laptopImg,
    laptop_price: r.laptopPrice,
    laptop_status: LAPTOP_STATUS[r.salesStatus],
    // The admin reads it from the seller's side of the table: `other` is the seller, nothing is theirs.
    other: iAmBuyer || as === 'admin' ? people.seller : people.buyer,
    last_message: lastMessageFor(me, r.last),
    unread: as === 'person' ? r.unread : 0,
    ...people,
    blocked_by_me: blockedByMe,
    can_reply: as === 'person' && !blockedByMe && !r.blocksMe,
    reported_at: r.reportedAt,
  };
}

/** The conversation `id` if `actor` may read it (readableAs); 404 otherwise. */
async function readableBy(db: Db | Tx, actor: Actor, id: string) {
  const [row] = await db
    .select({
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      reported: sql<boolean>`${conversations.reportedAt} is not null`,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
  if (!row) throw new AppError('conversation_not_found');
  return readableAs(actor, row);
}

// ---------------------------------------------------------------------------------------------
// Blocks.

/** Whether `blockerId` has blocked `blockedId` (the primary key's one row). */
async function hasBlocked(db: Db | Tx, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return row !== undefined;
}

/** PUT /api/blocks/{userId}: idempotent; oneself is 400, an unknown user 404. */
export async function block({ db, actor, userId }: { db: Db; actor: Actor; userId: string }): Promise<void> {
  if (userId === actor.id) throw new AppError('block_yourself');
  // One statement: the user is read and blocked together, so one deleted meanwhile is simply not blocked.
  await db
    .insert(blocks)
    .select(
      db
        .select({
          blockerId: sql<string>`${actor.id}::text`.as('blocker_id'),
          blockedId: users.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .onConflictDoNothing();
  if (!(await hasBlocked(db, actor.id, userId))) throw new AppError('user_not_found');
}

/** DELETE /api/blocks/{userId}: idempotent. */
export async function unblock({ db, actor, userId }: { db: Db; actor: Actor; userId: string }): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, userId)));
}

/** The ids of the users `userId` blocked (the block's primary key leads with the blocker). */
export async function blockedIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, userId));
  return rows.map((r) => r.id);
}

/** GET /api/blocks: whom the caller blocked, the most recent first. */
export async function listBlocks({ db, actor }: { db: Db; actor: Actor }): Promise<BlockList> {
  const rows = await db
    .select({ _id: users.id, name: users.name })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, actor.id))
    .orderBy(newestFirst(blocks.createdAt), users.id);
  return { items: rows };
}

// ---------------------------------------------------------------------------------------------
// Messages.

/**
 * Adds a message from `senderId` (in the caller's transaction): its warnings computed now and kept,
 * the conversation's activity moved to it, and the sender's read mark with it (one has read what
 * one wrote).
 */
async function addMessage(
  tx: Tx,
  conversation: { id: string; buyerId: string },
  senderId: string,
  text: string,
): Promise<Message> {
  const warnings: ScamWarning[] = warningsOf(text);
  const [row] = await tx
    .insert(messages)
    .values({ id: newId(), conversationId: conversation.id, senderId, text, warnings })
    .returning({ id: messages.id, sentAt: isoUtc(messages.sentAt).mapWith(String) });
  // `sent_at` is the transaction's now(), to the microsecond: the same now() here moves the
  // conversation's activity and the sender's read mark exactly to it (greatest() skips a null mark).
  const now = sql`now()`;
  const iAmBuyer = senderId === conversation.buyerId;
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${now})`,
      ...(iAmBuyer
        ? { buyerReadAt: sql`greatest(${conversations.buyerReadAt}, ${now})` }
        : { sellerReadAt: sql`greatest(${conversations.sellerReadAt}, ${now})` }),
    })
    .where(eq(conversations.id, conversation.id));
  return { _id: row!.id, from_me: true, text, sent_at: row!.sentAt, warnings, sender_id: senderId };
}

/**
 * A new message for the open streams once it has committed: the other person's (as they read it)
 * and the sender's own, so their other tabs show it too (the page that sent it knows it by its _id).
 */
function messageDeliveries(
  conversation: { id: string; laptopId: string; buyerId: string; sellerId: string },
  sender: Actor,
  message: Message,
): Delivery[] {
  const to = (userId: string): Delivery => ({
    userId,
    message: {
      conversation_id: conversation.id,
      laptop_id: conversation.laptopId,
      from: { _id: sender.id, name: sender.name },
      message: { ...message, from_me: userId === sender.id },
    },
  });
  const otherId = conversation.buyerId === sender.id ? conversation.sellerId : conversation.buyerId;
  return [to(otherId), to(sender.id)];
}

/**
 * POST /api/conversations: the caller, as buyer, writes to the seller of a listing. Their
 * conversation about it if they have one (`created: false`, answered 200), else a new one (201).
 * A listing that does not exist or is hidden is 404; one's own 403; a sold one 409 for a new
 * conversation (an existing one goes on); a seller who blocked the caller 403.
 */
export async function startConversation({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: StartConversationInput;
}): Promise<WithDeliveries<{ conversation: Conversation; created: boolean }>> {
  return db.transaction(async (tx) => {
    const [laptop] = await tx
      .select({ sellerId: laptops.sellerId, salesStatus: laptops.salesStatus, reviewStatus: laptops.reviewStatus })
      .from(laptops)
      .where(eq(laptops.id, input.laptop_id));
    if (!laptop || !isPublic(laptop)) throw new AppError('laptop_not_found');
    if (laptop.sellerId === actor.id) throw new AppError('own_listing_message');
    if (await hasBlocked(tx, laptop.sellerId, actor.id)) throw new AppError('blocked_by_user');
    const mine = and(eq(conversations.buyerId, actor.id), eq(conversations.laptopId, input.laptop_id));
    let [existing] = await tx.select({ id: conversations.id }).from(conversations).where(mine);
    let created = false;
    if (!existing) {
      if (laptop.salesStatus !== 'unsold') throw new AppError('laptop_sold');
      // Two first messages at once: the unique index keeps one conversation, the other joins it.
      [existing] = await tx
        .insert(conversations)
        .values({ id: newId(), laptopId: input.laptop_id, buyerId: actor.id, sellerId: laptop.sellerId })
        .onConflictDoNothing({ target: [conversations.buyerId, conversations.laptopId] })
        .returning({ id: conversations.id });
      created = existing !== undefined;
      [existing] = existing ? [existing] : await tx.select({ id: conversations.id }).from(conversations).where(mine);
    }
    const id = existing!.id;
    const message = await addMessage(tx, { id, buyerId: actor.id }, actor.id, input.text);
    const people = { id, laptopId: input.laptop_id, buyerId: actor.id, sellerId: laptop.sellerId };
    return {
      result: { conversation: await conversationOf(tx, actor.id, id), created },
      deliveries: messageDeliveries(people, actor, message),
    };
  });
}

/** The conversation `id` if `me` is one of its two people; 404 for anyone else. */
async function participantOf(db: Db | Tx, me: string, id: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      laptopId: conversations.laptopId,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
    })
    .from(conversations)
    .where(and(eq(conversations.id, id), or(eq(conversations.buyerId, me), eq(conversations.sellerId, me))));
  if (!row) throw new AppError('conversation_not_found');
  return row;
}

/**
 * POST /api/conversations/{id}/messages: 403 when either of the two blocked the other (the blocker
 * unblocks first: `can_reply` says the same to the page).
 */
export async function sendMessage({
  db,
  actor,
  id,
  text,
}: {
  db: Db;
  actor: Actor;
  id: string;
  text: string;
}): Promise<WithDeliveries<Message>> {
  return db.transaction(async (tx) => {
    const conversation = await participantOf(tx, actor.id, id);
    const otherId = conversation.buyerId === actor.id ? conversation.sellerId : conversation.buyerId;
    if (await hasBlocked(tx, otherId, actor.id)) throw new AppError('blocked_by_user');
    if (await hasBlocked(tx, actor.id, otherId)) throw new AppError('you_blocked_user');
    const message = await addMessage(tx, conversation, actor.id, text);
    return { result: message, deliveries: messageDeliveries(conversation, actor, message) };
  });
}

/**
 * GET /api/conversations/{id}/messages: newest first (sent_at, id descending), a page at a time.
 * The admin reading a reported conversation sees every message as someone else's (`sender_id` says whose).
 */
export async function listMessages({
  db,
  actor,
  id,
  page,
}: {
  db: Db;
  actor: Actor;
  id: string;
  page: PageQuery;
}): Promise<MessagePage> {
  const limit = page.limit ?? LIST_LIMIT.default;
  const after = page.cursor
    ? afterKey(messages.sentAt, messages.id, 'desc', timestampCursor(decodeCursor(page.cursor, SENT, 'timestamp')))
    : undefined;
  await readableBy(db, actor, id);
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      text: messages.text,
      warnings: messages.warnings,
      sentAt: isoUtc(messages.sentAt).mapWith(String),
      key: timestampKey(messages.sentAt),
    })
    .from(messages)
    .where(and(eq(messages.conversationId, id), after))
    .orderBy(newestFirst(messages.sentAt), newestFirst(messages.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    SENT,
    (r) => r.key,
    (r): Message => ({
      _id: r.id,
      from_me: r.senderId === actor.id,
      text: r.text,
      sent_at: r.sentAt,
      warnings: r.warnings as ScamWarning[],
      sender_id: r.senderId,
    }),
  );
}

/** PUT /api/conversations/{id}/read: the caller has read everything in it up to its newest message. */
export async function markConversationRead({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<void> {
  const iAmBuyer = sql`${conversations.buyerId} = ${actor.id}`;
  const updated = await db
    .update(conversations)
    .set({
      buyerReadAt: sql`case when ${iAmBuyer} then ${conversations.lastMessageAt} else ${conversations.buyerReadAt} end`,
      sellerReadAt: sql`case when ${iAmBuyer} then ${conversations.sellerReadAt} else ${conversations.lastMessageAt} end`,
    })
    .where(and(eq(conversations.id, id), or(eq(conversations.buyerId, actor.id), eq(conversations.sellerId, actor.id))))
    .returning({ id: conversations.id });
  if (updated.length === 0) throw new AppError('conversation_not_found');
}

// ---------------------------------------------------------------------------------------------
// Reports: one of the two people sends the conversation to the admin, who may then read it until
// they close the report.

/**
 * POST /api/conversations/{id}/report: stands it reported, by the caller, with why. Anyone but its
 * two people is 404 (the admin included: reading a reported one is not taking part in it); a
 * conversation that stands reported already, by either of them, 409. One statement, so of two
 * reports at once exactly one is taken.
 */
export async function reportConversation({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: ReportConversationInput;
}): Promise<void> {
  const [row] = await db
    .update(conversations)
    .set({
      reportedAt: sql`now()`,
      reportedBy: actor.id,
      reportReason: input.reason,
      reportDetails: input.details ?? null,
    })
    .where(
      and(
        eq(conversations.id, id),
        or(eq(conversations.buyerId, actor.id), eq(conversations.sellerId, actor.id)),
        isNull(conversations.reportedAt),
      ),
    )
    .returning({ id: conversations.id });
  if (row) return;
  await participantOf(db, actor.id, id);
  throw new AppError('already_reported', { subject: 'conversation' });
}

const reporter = alias(users, 'reporter');

/** GET /api/reports/conversations (admin): the reported conversations, the oldest report first (conversation_reported_idx). */
export async function listReportedConversations({
  db,
  page,
}: {
  db: Db;
  page: PageQuery;
}): Promise<ReportedConversationPage> {
  const limit = page.limit ?? LIST_LIMIT.default;
  const after = page.cursor
    ? afterKey(
        conversations.reportedAt,
        conversations.id,
        'asc',
        timestampCursor(decodeCursor(page.cursor, REPORTED, 'timestamp')),
      )
    : undefined;
  const rows = await db
    .select({
      id: conversations.id,
      laptopId: conversations.laptopId,
      laptopName: laptops.name,
      buyerId: buyer.id,
      buyerName: buyer.name,
      sellerId: seller.id,
      sellerName: seller.name,
      reporterId: reporter.id,
      reporterName: reporter.name,
      reason: conversations.reportReason,
      details: conversations.reportDetails,
      reportedAt: isoUtc(conversations.reportedAt).mapWith(String),
      key: timestampKey(conversations.reportedAt),
    })
    .from(conversations)
    .innerJoin(laptops, eq(laptops.id, conversations.laptopId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    // Always one of the two, so never gone while the conversation is there.
    .innerJoin(reporter, eq(reporter.id, conversations.reportedBy))
    .where(and(isNotNull(conversations.reportedAt), after))
    .orderBy(conversations.reportedAt, conversations.id)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    REPORTED,
    (r) => r.key,
    (r): ReportedConversation => ({
      _id: r.id,
      laptop_id: r.laptopId,
      laptop_name: r.laptopName,
      buyer: { _id: r.buyerId, name: r.buyerName },
      seller: { _id: r.sellerId, name: r.sellerName },
      reported_by: { _id: r.reporterId, name: r.reporterName },
      // Set with reported_at, in the same statement.
      reason: r.reason!,
      details: r.details,
      reported_at: r.reportedAt,
    }),
  );
}

/**
 * DELETE /api/reports/conversations/{id} (admin): closes the report, whatever the admin did about
 * it; the conversation is its two people's alone again (the admin loses read access), and either may
 * report it anew. 404 when it does not stand reported.
 */
export async function closeConversationReport({ db, id }: { db: Db; id: string }): Promise<void> {
  const closed = await db
    .update(conversations)
    .set({ reportedAt: null, reportedBy: null, reportReason: null, reportDetails: null })
    .where(and(eq(conversations.id, id), isNotNull(conversations.reportedAt)))
    .returning({ id: conversations.id });
  if (closed.length === 0) throw new AppError('report_not_found');
}
