import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Conversation,
  conversationDetailSchema,
  conversationPageSchema,
  conversationSchema,
  type Message,
  messagePageSchema,
  messageSchema,
} from '../../../shared/conversations.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { CONVERSATIONS_PER_HOUR, MESSAGES_PER_MINUTE } from './routes.ts';
import { conversations, messages } from './schema.ts';

// Conversations and blocks (docs/product.md#conversations), through HTTP on a fresh database: a
// buyer writes from a listing, the seller lists and answers, unread counts follow reading, pages
// follow cursors, only the two people see it, warnings mark scam-like messages, a block stops
// messages and bookings, and the limits answer 429 with Retry-After.

let t: TestApp;
let seller: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Karim Laptops' });
  admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

async function newLaptop(over: Partial<Parameters<typeof makeLaptop>[0]> = {}) {
  const laptop = makeLaptop({ sellerId: seller.userId, ...over });
  await t.database.db.insert(laptops).values(laptop);
  return laptop;
}

function send(who: Session, method: string, path: string, body?: unknown) {
  return t.request(path, {
    method,
    headers: {
      origin: t.url,
      cookie: who.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const start = (who: Session, laptopId: string, text: string) =>
  send(who, 'POST', '/api/conversations', { laptop_id: laptopId, text });
const write = (who: Session, id: string, text: string) =>
  send(who, 'POST', `/api/conversations/${id}/messages`, { text });
const read = (who: Session, id: string) => send(who, 'PUT', `/api/conversations/${id}/read`);

async function started(who: Session, laptopId: string, text: string, status = 201): Promise<Conversation> {
  const res = await start(who, laptopId, text);
  expect(res.status, await res.clone().text()).toBe(status);
  return conversationSchema.parse(await res.json());
}

async function written(who: Session, id: string, text: string): Promise<Message> {
  const res = await write(who, id, text);
  expect(res.status, await res.clone().text()).toBe(201);
  return messageSchema.parse(await res.json());
}

async function listOf(who: Session, query = '') {
  const res = await send(who, 'GET', `/api/conversations${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return conversationPageSchema.parse(await res.json());
}

async function messagesOf(who: Session, id: string, query = '') {
  const res = await send(who, 'GET', `/api/conversations/${id}/messages${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return messagePageSchema.parse(await res.json());
}

async function detailOf(who: Session, id: string) {
  const res = await send(who, 'GET', `/api/conversations/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return conversationDetailSchema.parse(await res.json());
}

/** Stands the conversation reported (or not), as a report by one of its people does. */
async function setReported(id: string, at: Date | null) {
  await t.database.db.update(conversations).set({ reportedAt: at }).where(eq(conversations.id, id));
}

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error;
}

describe('a conversation between a buyer and a seller', () => {
  it('starts from a listing, reaches the seller, is answered, and counts unread messages until read', async () => {
    const buyer = await signUp(t, { name: 'Rahim' });
    const laptop = await newLaptop();

    const first = await started(buyer, laptop.id, '  Is the battery good?  ');
    expect(first).toMatchObject({
      laptop_id: laptop.id,
      laptop_name: laptop.name,
      laptop_img: laptop.imageUrl,
      other: { _id: seller.userId, name: 'Karim Laptops' },
      last_message: { text: 'Is the battery good?', from_me: true },
      unread: 0,
    });

    // The seller sees it, one unread.
    const [theirs] = (await listOf(seller)).items.filter((c) => c._id === first._id);
    expect(theirs).toMatchObject({ other: { _id: buyer.userId, name: 'Rahim' }, unread: 1 });
    expect(theirs!.last_message).toMatchObject({ text: 'Is the battery good?', from_me: false });

    // A second start is the same conversation (200), the text added to it.
    const again = await started(buyer, laptop.id, 'And the charger?', 200);
    expect(again._id).toBe(first._id);
    expect((await listOf(seller)).items.find((c) => c._id === first._id)!.unread).toBe(2);

    expect((await read(seller, first._id)).status).toBe(204);
    expect((await listOf(seller)).items.find((c) => c._id === first._id)!.unread).toBe(0);

    const answer = await written(seller, first._id, 'Yes, 4 hours. Charger included.');
    expect(answer).toMatchObject({
      from_me: true,
      text: 'Yes, 4 hours. Charger included.',
      warnings: [],
      sender_id: seller.userId,
    });
    expect((await listOf(buyer)).items.find((c) => c._id === first._id)).toMatchObject({
      unread: 1,
      last_message: { text: 'Yes, 4 hours. Charger included.', from_me: false },
    });
    // Writing does not make one's own message unread for oneself.
    expect((await listOf(seller)).items.find((c) => c._id === first._id)!.unread).toBe(0);
    expect((await read(buyer, first._id)).status).toBe(204);
    expect((await listOf(buyer)).items.find((c) => c._id === first._id)!.unread).toBe(0);

    const thread = await messagesOf(buyer, first._id);
    expect(thread.items.map((m) => [m.text, m.from_me, m.sender_id])).toEqual([
      ['Yes, 4 hours. Charger included.', false, seller.userId],
      ['And the charger?', true, buyer.userId],
      ['Is the battery good?', true, buyer.userId],
    ]);
    expect(thread.nextCursor).toBeNull();
    expect((await messagesOf(seller, first._id)).items.map((m) => m.from_me)).toEqual([true, false, false]);
  });

  it('lists the newest activity first and pages both lists by cursor', async () => {
    const buyer = await signUp(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await started(buyer, (await newLaptop()).id, `Hello ${i}`))._id);
    // Writing in the oldest moves it to the top.
    await written(buyer, ids[0]!, 'Still there?');
    const order = [ids[0], ids[2], ids[1]];
    expect((await listOf(buyer)).items.map((c) => c._id)).toEqual(order);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listOf(buyer, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(order);

    for (let i = 0; i < 4; i += 1) await written(buyer, ids[1]!, `Message ${i}`);
    const texts: string[] = [];
    cursor = null;
    do {
      const page = await messagesOf(buyer, ids[1]!, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      texts.push(...page.items.map((m) => m.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(texts).toEqual(['Message 3', 'Message 2', 'Message 1', 'Message 0', 'Hello 1']);

    for (const query of ['?cursor=nonsense', '?limit=0', '?limit=101']) {
      const res = await send(buyer, 'GET', `/api/conversations/${ids[1]}/messages${query}`);
      expect(res.status, query).toBe(400);
    }
    // A cursor of one list is refused by the other.
    const conversationCursor = (await listOf(buyer, '?limit=1')).nextCursor!;
    const res = await send(buyer, 'GET', `/api/conversations/${ids[1]}/messages?cursor=${conversationCursor}`);
    expect((await errorOf(res)).fields).toHaveProperty('cursor');
  });

  it('is only its two people’s: anyone else, the admin included, gets 404 on every route', async () => {
    const buyer = await signUp(t);
    const stranger = await signUp(t, { role: 'seller' });
    const { _id } = await started(buyer, (await newLaptop()).id, 'Hello');
    for (const who of [stranger, admin]) {
      for (const res of [
        await send(who, 'GET', `/api/conversations/${_id}/messages`),
        await write(who, _id, 'Let me in'),
        await read(who, _id),
      ]) {
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toMatchObject({ code: 'not_found', message: 'Conversation not found' });
      }
      expect((await listOf(who)).items.map((c) => c._id)).not.toContain(_id);
    }
    expect((await messagesOf(buyer, _id)).items.map((m) => m.text)).toEqual(['Hello']);
  });

  it('refuses a missing or hidden listing (404), one’s own (403) and a sold one (409)', async () => {
    const buyer = await signUp(t);
    const hidden = await newLaptop({ salesStatus: 'hidden' });
    for (const id of ['no-such-laptop', hidden.id]) {
      const res = await start(buyer, id, 'Hello');
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).message).toBe('Laptop not found');
    }
    const own = await start(seller, (await newLaptop()).id, 'Hello me');
    expect(own.status).toBe(403);
    expect(await errorOf(own)).toMatchObject({ code: 'forbidden' });
    const sold = await start(buyer, (await newLaptop({ salesStatus: 'sold' })).id, 'Hello');
    expect(sold.status).toBe(409);
    expect(await errorOf(sold)).toMatchObject({ code: 'conflict', message: 'This laptop has been sold' });
    expect((await listOf(buyer)).items).toEqual([]);
  });

  it('takes 1 to 2,000 characters after trimming, keeps HTML as text, and refuses more with the field’s code', async () => {
    const buyer = await signUp(t);
    const { _id } = await started(buyer, (await newLaptop()).id, 'Hello');
    const html = '<script>alert(1)</script><b>bold</b> & "quotes"';
    expect((await written(buyer, _id, html)).text).toBe(html);
    expect((await messagesOf(seller, _id)).items[0]!.text).toBe(html);
    expect((await written(buyer, _id, 'x'.repeat(2_000))).text).toHaveLength(2_000);
    for (const [text, code] of [
      ['x'.repeat(2_001), 'too_long'],
      ['   ', 'required'],
      ['', 'required'],
    ] as const) {
      const res = await write(buyer, _id, text);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields?.text, text.slice(0, 10)).toMatchObject({ code });
    }
    const first = await start(buyer, (await newLaptop()).id, 'y'.repeat(2_001));
    expect(first.status).toBe(400);
    expect((await errorOf(first)).fields?.text).toMatchObject({ code: 'too_long', max: 2_000 });
  });

  it('keeps newlines and tabs but refuses other control characters, saying so in the caller’s language', async () => {
    const buyer = await signUp(t);
    const { _id } = await started(buyer, (await newLaptop()).id, 'Hello');
    expect((await written(buyer, _id, 'Price:\tTk 45,000\nPlace:\tMirpur')).text).toBe(
      'Price:\tTk 45,000\nPlace:\tMirpur',
    );
    // A Windows line end is a newline.
    expect((await written(buyer, _id, 'One\r\nTwo')).text).toBe('One\nTwo');
    for (const text of [
      'Pay \u001b[8mhidden\u001b[0m',
      'bell\u0007',
      'back\bspace',
      'del\u007f',
      'c1\u0085',
      'tab\u000bvertical',
      'form\u000cfeed',
    ]) {
      const res = await write(buyer, _id, text);
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect((await errorOf(res)).fields?.text, JSON.stringify(text)).toEqual({
        code: 'control_characters',
        message: 'The message contains invisible control characters: remove them and send it again',
      });
    }
    const bangla = await t.request(`/api/conversations/${_id}/messages`, {
      method: 'POST',
      headers: { origin: t.url, cookie: buyer.cookie, 'content-type': 'application/json', 'accept-language': 'bn' },
      body: JSON.stringify({ text: 'বিকাশ\u0008' }),
    });
    expect(bangla.status).toBe(400);
    expect((await errorOf(bangla)).fields?.text).toEqual({
      code: 'control_characters',
      message: 'বার্তা থেকে অদৃশ্য কন্ট্রোল অক্ষরগুলো মুছে আবার পাঠান',
    });
    const starting = await start(buyer, (await newLaptop()).id, 'Hi\u0000');
    expect(starting.status).toBe(400);
    expect((await messagesOf(seller, _id)).items.map((m) => m.text)).toEqual([
      'One\nTwo',
      'Price:\tTk 45,000\nPlace:\tMirpur',
      'Hello',
    ]);
  });

  it('marks an advance request with warnings, in English and in Bangla, for both readers', async () => {
    const buyer = await signUp(t);
    const { _id } = await started(buyer, (await newLaptop()).id, 'Can I see it in Mirpur tomorrow?');
    const english = await written(seller, _id, 'Send Tk 500 advance to my bKash 01712-345678 first');
    expect(english.warnings).toEqual(['advance_payment', 'phone_number']);
    const bangla = await written(seller, _id, 'বিকাশে ৫০০ টাকা অগ্রিম পাঠান: ০১৭১২৩৪৫৬৭৮');
    expect(bangla.warnings).toEqual(['advance_payment', 'phone_number']);
    const thread = await messagesOf(buyer, _id);
    expect(thread.items.map((m) => m.warnings)).toEqual([
      ['advance_payment', 'phone_number'],
      ['advance_payment', 'phone_number'],
      [],
    ]);
  });

  it('goes with either account: deleting the buyer deletes their conversations and messages', async () => {
    const buyer = await signUp(t);
    const { _id } = await started(buyer, (await newLaptop()).id, 'Hello');
    const res = await send(admin, 'DELETE', '/api/users', { id: buyer.userId });
    expect(res.status, await res.clone().text()).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(conversations).where(eq(conversations.id, _id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.conversationId, _id))).toEqual([]);
  });
});

describe('one conversation', () => {
  it('shows its two people the listing, both names, the newest message and their own unread count', async () => {
    const buyer = await signUp(t, { name: 'Nadia' });
    const laptop = await newLaptop({ resalePrice: 45_000 });
    const { _id } = await started(buyer, laptop.id, 'Is it still for sale?');
    await written(seller, _id, 'Yes');
    await written(seller, _id, 'Come tomorrow');

    const mine = await detailOf(buyer, _id);
    expect(mine).toEqual({
      _id,
      laptop_id: laptop.id,
      laptop_name: laptop.name,
      laptop_img: laptop.imageUrl,
      laptop_price: 45_000,
      laptop_status: 'available',
      other: { _id: seller.userId, name: 'Karim Laptops' },
      buyer: { _id: buyer.userId, name: 'Nadia' },
      seller: { _id: seller.userId, name: 'Karim Laptops' },
      last_message: { text: 'Come tomorrow', sent_at: expect.any(String), from_me: false },
      unread: 2,
      blocked_by_me: false,
      can_reply: true,
      reported_at: null,
    });
    // The list and the detail agree on what they share.
    const listed = (await listOf(buyer)).items.find((c) => c._id === _id)!;
    expect(mine).toMatchObject(listed);

    expect(await detailOf(seller, _id)).toMatchObject({
      other: { _id: buyer.userId, name: 'Nadia' },
      last_message: { text: 'Come tomorrow', from_me: true },
      unread: 0,
      can_reply: true,
    });
    expect((await read(buyer, _id)).status).toBe(204);
    expect((await detailOf(buyer, _id)).unread).toBe(0);
  });

  it('says when the listing is sold or hidden, and stays readable', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const { _id } = await started(buyer, laptop.id, 'Hello');
    for (const [salesStatus, status] of [
      ['sold', 'sold'],
      ['hidden', 'hidden'],
      ['unsold', 'available'],
    ] as const) {
      await t.database.db.update(laptops).set({ salesStatus }).where(eq(laptops.id, laptop.id));
      expect((await detailOf(buyer, _id)).laptop_status, salesStatus).toBe(status);
      expect((await detailOf(seller, _id)).laptop_status, salesStatus).toBe(status);
    }
  });

  it('cannot be replied to while either person blocks the other; blocked_by_me says who did', async () => {
    const buyer = await signUp(t);
    const { _id } = await started(buyer, (await newLaptop()).id, 'Hello');

    expect((await send(seller, 'PUT', `/api/blocks/${buyer.userId}`)).status).toBe(204);
    expect(await detailOf(seller, _id)).toMatchObject({ blocked_by_me: true, can_reply: false });
    expect(await detailOf(buyer, _id)).toMatchObject({ blocked_by_me: false, can_reply: false });

    // Both block each other: each sees their own block.
    expect((await send(buyer, 'PUT', `/api/blocks/${seller.userId}`)).status).toBe(204);
    expect(await detailOf(buyer, _id)).toMatchObject({ blocked_by_me: true, can_reply: false });
    expect((await send(seller, 'DELETE', `/api/blocks/${buyer.userId}`)).status).toBe(204);
    expect(await detailOf(seller, _id)).toMatchObject({ blocked_by_me: false, can_reply: false });
    expect(await detailOf(buyer, _id)).toMatchObject({ blocked_by_me: true, can_reply: false });

    expect((await send(buyer, 'DELETE', `/api/blocks/${seller.userId}`)).status).toBe(204);
    for (const who of [buyer, seller]) {
      expect(await detailOf(who, _id)).toMatchObject({ blocked_by_me: false, can_reply: true });
    }
  });

  it('is 404 to anyone else, and to the admin until it is reported; then the admin reads it but cannot write or mark it', async () => {
    const buyer = await signUp(t, { name: 'Sumi' });
    const stranger = await signUp(t);
    const { _id } = await started(buyer, (await newLaptop()).id, 'Is it still for sale?');
    await written(seller, _id, 'Send Tk 500 advance to my bKash first');
    const notFound = async (res: Response) => {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({ code: 'not_found', message: 'Conversation not found' });
    };
    for (const who of [stranger, admin]) {
      await notFound(await send(who, 'GET', `/api/conversations/${_id}`));
      await notFound(await send(who, 'GET', `/api/conversations/${_id}/messages`));
    }
    await notFound(await send(buyer, 'GET', '/api/conversations/no-such-conversation'));

    const reportedAt = new Date('2026-11-20T08:30:00.123Z');
    await setReported(_id, reportedAt);
    expect(await detailOf(admin, _id)).toMatchObject({
      other: { _id: seller.userId, name: 'Karim Laptops' },
      buyer: { _id: buyer.userId, name: 'Sumi' },
      seller: { _id: seller.userId, name: 'Karim Laptops' },
      last_message: { text: 'Send Tk 500 advance to my bKash first', from_me: false },
      unread: 0,
      blocked_by_me: false,
      can_reply: false,
      reported_at: '2026-11-20T08:30:00.123Z',
    });
    const thread = await messagesOf(admin, _id);
    expect(thread.items.map((m) => [m.text, m.from_me, m.sender_id])).toEqual([
      ['Send Tk 500 advance to my bKash first', false, seller.userId],
      ['Is it still for sale?', false, buyer.userId],
    ]);
    expect(thread.items[0]!.warnings).toContain('advance_payment');
    // Its people see that it stands reported.
    expect((await detailOf(buyer, _id)).reported_at).toBe('2026-11-20T08:30:00.123Z');
    // Reading is all the admin may do; anyone else still learns nothing.
    await notFound(await write(admin, _id, 'Admin here'));
    await notFound(await read(admin, _id));
    await notFound(await send(stranger, 'GET', `/api/conversations/${_id}`));
    await notFound(await send(stranger, 'GET', `/api/conversations/${_id}/messages`));
    expect((await messagesOf(buyer, _id)).items).toHaveLength(2);
    expect((await listOf(admin)).items.map((c) => c._id)).not.toContain(_id);

    // Once the report is closed, the admin loses it again.
    await setReported(_id, null);
    await notFound(await send(admin, 'GET', `/api/conversations/${_id}`));
    await notFound(await send(admin, 'GET', `/api/conversations/${_id}/messages`));
  });
});

describe('blocks', () => {
  it('stop a blocked buyer from writing, starting a conversation or booking; unblocking lets them again', async () => {
    const buyer = await signUp(t, { name: 'Blocked Buyer' });
    const laptop = await newLaptop();
    const { _id } = await started(buyer, laptop.id, 'Hello');

    expect((await send(seller, 'PUT', `/api/blocks/${buyer.userId}`)).status).toBe(204);
    // Idempotent.
    expect((await send(seller, 'PUT', `/api/blocks/${buyer.userId}`)).status).toBe(204);
    const listed = await send(seller, 'GET', '/api/blocks');
    expect(await listed.json()).toEqual({ items: [{ _id: buyer.userId, name: 'Blocked Buyer' }] });

    const other = await newLaptop();
    for (const res of [
      await write(buyer, _id, 'Why?'),
      await start(buyer, laptop.id, 'Hello again'),
      await start(buyer, other.id, 'Hello'),
      await send(buyer, 'POST', '/api/myOrders', {
        laptop_id: other.id,
        buyerPhoneNumber: '01712345678',
        meetingAddress: 'Mirpur 10',
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({
        code: 'forbidden',
        message: 'This person has blocked you: you cannot message them or book their laptops',
      });
    }
    expect((await messagesOf(seller, _id)).items.map((m) => m.text)).toEqual(['Hello']);
    // Nor may the blocker write, until they unblock.
    const blocker = await write(seller, _id, 'Goodbye');
    expect(blocker.status).toBe(403);
    expect(await errorOf(blocker)).toMatchObject({
      code: 'forbidden',
      reason: 'you_blocked_user',
      message: 'You have blocked this person: unblock them to write to them',
    });

    expect((await send(seller, 'DELETE', `/api/blocks/${buyer.userId}`)).status).toBe(204);
    expect((await send(seller, 'DELETE', `/api/blocks/${buyer.userId}`)).status).toBe(204);
    expect(await (await send(seller, 'GET', '/api/blocks')).json()).toEqual({ items: [] });
    await written(buyer, _id, 'Thanks');
    const booked = await send(buyer, 'POST', '/api/myOrders', {
      laptop_id: other.id,
      buyerPhoneNumber: '01712345678',
      meetingAddress: 'Mirpur 10',
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
  });

  it('refuses blocking oneself (400) and an unknown user (404)', async () => {
    const buyer = await signUp(t);
    const self = await send(buyer, 'PUT', `/api/blocks/${buyer.userId}`);
    expect(self.status).toBe(400);
    expect(await errorOf(self)).toMatchObject({ message: 'You cannot block yourself' });
    expect((await send(buyer, 'PUT', '/api/blocks/no-such-user')).status).toBe(404);
    expect(await (await send(buyer, 'GET', '/api/blocks')).json()).toEqual({ items: [] });
  });
});

describe('limits', () => {
  it(`answers message ${MESSAGES_PER_MINUTE + 1} within a minute with 429 and Retry-After`, async () => {
    const buyer = await signUp(t);
    const { _id } = await started(buyer, (await newLaptop()).id, 'Hello');
    for (let i = 0; i < MESSAGES_PER_MINUTE; i += 1) await written(buyer, _id, `Message ${i}`);
    const res = await write(buyer, _id, 'One too many');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).code).toBe('rate_limited');
    // The seller's count is their own.
    await written(seller, _id, 'Slow down');
  });

  it(`answers start ${CONVERSATIONS_PER_HOUR + 1} within an hour with 429 and Retry-After`, async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    await started(buyer, laptop.id, 'Hello');
    for (let i = 1; i < CONVERSATIONS_PER_HOUR; i += 1) await started(buyer, laptop.id, `Hello ${i}`, 200);
    const res = await start(buyer, laptop.id, 'One too many');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
  });
});
