import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, liveMessageSchema, type Message } from '../../../shared/conversations.ts';
import { notificationPageSchema } from '../../../shared/notifications.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { type EventStreamReader, openEventStream } from '../../test/event-stream.ts';
import { jsonPost, type Session, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';

// A new message goes live (docs/product.md#conversations, docs/decisions/0036): the other person's
// open streams get a `message` event within a second of the POST, the sender's other pages get it
// as theirs, no one else's stream hears of it, and the bell does not fill with chat messages.

let t: TestApp;
let seller: Session;
let buyer: Session;
let stranger: Session;
beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Karim Laptops' });
  buyer = await signUp(t, { name: 'Rahim Uddin' });
  stranger = await signUp(t, { name: 'Someone Else' });
});
afterAll(() => t?.close());

const open: EventStreamReader[] = [];
async function streamOf(who: Session) {
  const stream = await openEventStream(t, who.cookie);
  expect(stream.status).toBe(200);
  open.push(stream);
  return stream;
}
afterAll(() => {
  for (const s of open) s.close();
});

async function newLaptop() {
  const laptop = makeLaptop({ sellerId: seller.userId });
  await t.database.db.insert(laptops).values(laptop);
  return laptop;
}

async function post<T>(who: Session, path: string, body: unknown, status: number): Promise<T> {
  const res = await jsonPost(t, path, body, { cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

async function unreadNotifications(who: Session): Promise<number> {
  const res = await t.request('/api/notifications', { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  return notificationPageSchema.parse(await res.json()).unread;
}

/** The next event of `stream`, which must be a `message` event within `ms`: its data, checked against the schema. */
async function nextMessage(stream: EventStreamReader, ms = 1_000) {
  const event = await stream.next(ms);
  expect(event.event).toBe('message');
  // No id: the browser's Last-Event-ID stays the newest notification's.
  expect(event.id).toBeUndefined();
  return liveMessageSchema.parse(JSON.parse(event.data));
}

/** The buyer writes about a listing: a new conversation (201) or the one they have (200). */
const buyerStarts = (laptopId: string, text: string, status: 200 | 201) =>
  post<Conversation>(buyer, '/api/conversations', { laptop_id: laptopId, text }, status);

/** `who` posts `body` (201) and `stream` hears of it within a second: the answer, and what the stream said. */
async function heard<T>(stream: EventStreamReader, who: Session, path: string, body: unknown) {
  const sent = performance.now();
  const answer = await post<T>(who, path, body, 201);
  const live = await nextMessage(stream);
  expect(performance.now() - sent).toBeLessThan(1_000);
  return [answer, live] as const;
}

describe('a new message on the stream', () => {
  it("reaches the other person's streams within a second, the sender's as theirs, and no one else's", async () => {
    const laptop = await newLaptop();
    const [sellerTab, sellerPhone, buyerTab, strangerTab] = [
      await streamOf(seller),
      await streamOf(seller),
      await streamOf(buyer),
      await streamOf(stranger),
    ];
    const bell = await unreadNotifications(seller);

    // The buyer starts the conversation from the listing: its first message goes live.
    const [conversation, first] = await heard<Conversation>(sellerTab, buyer, '/api/conversations', {
      laptop_id: laptop.id,
      text: 'Is the battery original? Can I see it in Banani?',
    });
    expect(first).toEqual({
      conversation_id: conversation._id,
      laptop_id: laptop.id,
      from: { _id: buyer.userId, name: 'Rahim Uddin' },
      message: {
        _id: expect.any(String),
        from_me: false,
        text: 'Is the battery original? Can I see it in Banani?',
        sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        warnings: [],
        sender_id: buyer.userId,
      },
    });
    // Every open page of the seller, and the buyer's own page (which knows it by its _id) as theirs.
    expect(await nextMessage(sellerPhone)).toEqual(first);
    expect(await nextMessage(buyerTab)).toEqual({ ...first, message: { ...first.message, from_me: true } });

    // The seller answers in the conversation, with a scam warning the buyer's page shows under it.
    const [answer, live] = await heard<Message>(buyerTab, seller, `/api/conversations/${conversation._id}/messages`, {
      text: 'Send Tk 500 advance to my bKash 01712345678 first',
    });
    expect(live).toEqual({
      conversation_id: conversation._id,
      laptop_id: laptop.id,
      from: { _id: seller.userId, name: 'Karim Laptops' },
      message: { ...answer, from_me: false },
    });
    expect(live.message.warnings).toContain('advance_payment');
    expect(answer.sender_id).toBe(seller.userId);
    // The seller's pages get it as theirs: the one that sent it, and the other one.
    expect((await nextMessage(sellerTab)).message).toEqual(answer);
    expect((await nextMessage(sellerPhone)).message).toEqual(answer);

    // Nothing reaches a third person, and the bell neither counts nor shows chat messages.
    await expect(strangerTab.next(300)).rejects.toThrow(/no event/);
    await expect(sellerTab.next(100)).rejects.toThrow(/no event/);
    await expect(buyerTab.next(100)).rejects.toThrow(/no event/);
    expect(await unreadNotifications(seller)).toBe(bell);
    expect(await unreadNotifications(buyer)).toBe(0);
  });

  it('goes to an existing conversation started again from the listing (200), as a new message', async () => {
    const laptop = await newLaptop();
    const conversation = await buyerStarts(laptop.id, 'Hi', 201);
    const sellerTab = await streamOf(seller);
    const again = await buyerStarts(laptop.id, 'Still for sale?', 200);
    expect(again._id).toBe(conversation._id);
    const live = await nextMessage(sellerTab);
    expect(live).toMatchObject({
      conversation_id: conversation._id,
      message: { text: 'Still for sale?', from_me: false },
    });
  });

  it('sends nothing for a message that was refused', async () => {
    const laptop = await newLaptop();
    const conversation = await buyerStarts(laptop.id, 'Hi', 201);
    const [buyerTab, sellerTab] = [await streamOf(buyer), await streamOf(seller)];
    // Someone outside the conversation: 404, and neither of its people hears of it.
    await post(stranger, `/api/conversations/${conversation._id}/messages`, { text: 'Hello?' }, 404);
    // The seller blocks the buyer: the buyer's next message is refused, and nothing is sent.
    const blocked = await t.request(`/api/blocks/${buyer.userId}`, {
      method: 'PUT',
      headers: { origin: t.url, cookie: seller.cookie },
    });
    expect(blocked.status).toBe(204);
    await post(buyer, `/api/conversations/${conversation._id}/messages`, { text: 'Why not?' }, 403);
    await expect(sellerTab.next(300)).rejects.toThrow(/no event/);
    await expect(buyerTab.next(100)).rejects.toThrow(/no event/);
  });
});
