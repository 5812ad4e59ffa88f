import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Conversation,
  conversationDetailSchema,
  conversationSchema,
  messagePageSchema,
} from '../../../shared/conversations.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { CONVERSATION_REPORTS_PER_HOUR } from './routes.ts';
import { conversations } from './schema.ts';

// Reported conversations (docs/product.md#conversations): either of its two people reports it once
// (a second report, by either, is 409), and the admin may then read it. Through HTTP on a fresh
// database.

let t: TestApp;
let seller: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Karim Laptops' });
  admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

function send(who: Session, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.request(path, {
    method,
    headers: {
      origin: t.url,
      cookie: who.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A new conversation of a new buyer (named `name`) with the seller, about a new listing. */
async function conversation(name = 'Rahim'): Promise<{ buyer: Session; laptopName: string; c: Conversation }> {
  const buyer = await signUp(t, { name });
  const laptop = makeLaptop({ sellerId: seller.userId });
  await t.database.db.insert(laptops).values(laptop);
  const res = await send(buyer, 'POST', '/api/conversations', { laptop_id: laptop.id, text: 'Is it for sale?' });
  expect(res.status).toBe(201);
  return { buyer, laptopName: laptop.name, c: conversationSchema.parse(await res.json()) };
}

const report = (who: Session, id: string, body: unknown, headers: Record<string, string> = {}) =>
  send(who, 'POST', `/api/conversations/${id}/report`, body, headers);

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error;
}

describe('reporting a conversation', () => {
  it('lets either person report it once; then the admin may read it, and a second report is 409', async () => {
    const { buyer, c } = await conversation();
    expect((await send(admin, 'GET', `/api/conversations/${c._id}`)).status).toBe(404);

    const res = await report(buyer, c._id, { reason: 'scam', details: '  Asked for a bKash advance  ' });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await res.text()).toBe('');

    const detail = conversationDetailSchema.parse(
      await (await send(admin, 'GET', `/api/conversations/${c._id}`)).json(),
    );
    expect(detail).toMatchObject({ _id: c._id, can_reply: false, unread: 0 });
    expect(Date.now() - Date.parse(detail.reported_at!)).toBeLessThan(60_000);
    const thread = messagePageSchema.parse(
      await (await send(admin, 'GET', `/api/conversations/${c._id}/messages`)).json(),
    );
    expect(thread.items.map((m) => [m.text, m.sender_id, m.from_me])).toEqual([
      ['Is it for sale?', buyer.userId, false],
    ]);
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, c._id));
    expect(row).toMatchObject({
      reportedBy: buyer.userId,
      reportReason: 'scam',
      reportDetails: 'Asked for a bKash advance',
    });

    // Again, by either of them: it stands reported already; the first report is kept.
    for (const who of [buyer, seller]) {
      const again = await report(who, c._id, { reason: 'abuse' });
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toMatchObject({
        code: 'conflict',
        reason: 'already_reported',
        message: 'This conversation has already been reported',
      });
    }
    const bangla = await report(seller, c._id, { reason: 'spam' }, { 'accept-language': 'bn' });
    expect(await errorOf(bangla)).toMatchObject({
      reason: 'already_reported',
      message: 'এই কথোপকথন নিয়ে আগেই অভিযোগ করা হয়েছে',
    });
    const [after] = await t.database.db.select().from(conversations).where(eq(conversations.id, c._id));
    expect(after).toMatchObject({ reportedBy: buyer.userId, reportReason: 'scam', reportedAt: row!.reportedAt });
  });

  it('is 404 to anyone but its two people, the admin included, and for an unknown conversation', async () => {
    const { buyer, c } = await conversation();
    const stranger = await signUp(t);
    for (const [who, id] of [
      [stranger, c._id],
      [admin, c._id],
      [buyer, 'no-such-conversation'],
    ] as const) {
      const res = await report(who, id, { reason: 'spam' });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({ code: 'not_found', message: 'Conversation not found' });
    }
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, c._id));
    expect(row!.reportedAt).toBeNull();
  });

  it('needs a reason, and words with "other", of 500 characters at most, said in the caller’s language', async () => {
    const { buyer, c } = await conversation();
    const cases = [
      [{}, 'reason', 'required'],
      [{ reason: 'rude' }, 'reason', 'not_one_of'],
      // Left out or blank, the field is missing.
      [{ reason: 'other' }, 'details', 'required'],
      [{ reason: 'other', details: '   ' }, 'details', 'required'],
      [{ reason: 'scam', details: 'x'.repeat(501) }, 'details', 'too_long'],
    ] as const;
    for (const [body, field, code] of cases) {
      const res = await report(buyer, c._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(body)).toMatchObject({ code });
    }
    const english = await report(buyer, c._id, { reason: 'other' });
    expect((await errorOf(english)).fields?.details).toMatchObject({ message: 'Tell us what happened' });
    const bangla = await report(buyer, c._id, { reason: 'other' }, { 'accept-language': 'bn' });
    expect((await errorOf(bangla)).fields?.details).toMatchObject({ message: 'বিস্তারিত দিতে হবে' });
    // Nothing was reported: a valid report still goes through.
    expect((await report(buyer, c._id, { reason: 'other', details: 'Rude words' })).status).toBe(204);
  });

  it(`answers report ${CONVERSATION_REPORTS_PER_HOUR + 1} within an hour with 429, apart from listing reports`, async () => {
    const { buyer, c } = await conversation();
    expect((await report(buyer, c._id, { reason: 'spam' })).status).toBe(204);
    for (let i = 1; i < CONVERSATION_REPORTS_PER_HOUR; i += 1) {
      expect((await report(buyer, c._id, { reason: 'spam' })).status).toBe(409);
    }
    const res = await report(buyer, c._id, { reason: 'spam' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
    // Reporting a listing is counted on its own.
    const laptop = makeLaptop({ sellerId: seller.userId });
    await t.database.db.insert(laptops).values(laptop);
    const listing = await send(buyer, 'POST', '/api/reports', { laptop_id: laptop.id, reason: 'scam' });
    expect(listing.status, await listing.clone().text()).toBe(201);
  });
});
