import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Conversation,
  conversationDetailSchema,
  conversationSchema,
  messagePageSchema,
  reportedConversationPageSchema,
} from '../../../shared/conversations.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { CONVERSATION_REPORTS_PER_HOUR } from './routes.ts';
import { conversations } from './schema.ts';

// Reported conversations (docs/product.md#conversations): either of its two people reports it once
// (a second report, by either, is 409 until the admin closes it); the admin then lists it, reads
// it, and closes the report, after which it is the two people's alone again. Through HTTP on a
// fresh database.

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

async function reportedList(query = '') {
  const res = await send(admin, 'GET', `/api/reports/conversations${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return reportedConversationPageSchema.parse(await res.json());
}

/** Every page of the admin's list, in order. */
async function wholeList() {
  const items = [];
  let cursor: string | null = null;
  do {
    const page = await reportedList(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(2);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
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

describe("the admin's reported conversations", () => {
  it('lists them oldest report first, page by page, with both people, the reporter and why', async () => {
    const made = [];
    for (const name of ['Asha', 'Babul', 'Chandni']) made.push(await conversation(name));
    // Reported in the order Babul, Chandni (by the seller), Asha.
    expect((await report(made[1]!.buyer, made[1]!.c._id, { reason: 'abuse' })).status).toBe(204);
    expect((await report(seller, made[2]!.c._id, { reason: 'other', details: 'Threatened me' })).status).toBe(204);
    expect((await report(made[0]!.buyer, made[0]!.c._id, { reason: 'scam' })).status).toBe(204);

    const items = await wholeList();
    const ids = made.map((m) => m.c._id);
    expect(items.map((i) => i._id).filter((id) => ids.includes(id))).toEqual([ids[1], ids[2], ids[0]]);
    const times = items.map((i) => Date.parse(i.reported_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(items.find((i) => i._id === ids[2])).toEqual({
      _id: ids[2],
      laptop_id: made[2]!.c.laptop_id,
      laptop_name: made[2]!.laptopName,
      buyer: { _id: made[2]!.buyer.userId, name: 'Chandni' },
      seller: { _id: seller.userId, name: 'Karim Laptops' },
      reported_by: { _id: seller.userId, name: 'Karim Laptops' },
      reason: 'other',
      details: 'Threatened me',
      reported_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(items.find((i) => i._id === ids[1])).toMatchObject({
      reported_by: { _id: made[1]!.buyer.userId, name: 'Babul' },
      reason: 'abuse',
      details: null,
    });

    for (const query of ['?cursor=nonsense', '?limit=0', '?limit=101']) {
      expect((await send(admin, 'GET', `/api/reports/conversations${query}`)).status, query).toBe(400);
    }
    for (const who of [seller, made[0]!.buyer]) {
      const res = await send(who, 'GET', '/api/reports/conversations');
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('forbidden');
    }
  });

  it('closes a report: the admin can no longer read it, it leaves the list, and it may be reported anew', async () => {
    const { buyer, c } = await conversation();
    expect((await report(buyer, c._id, { reason: 'spam', details: 'Sends links' })).status).toBe(204);
    expect((await send(admin, 'GET', `/api/conversations/${c._id}/messages`)).status).toBe(200);

    // Only the admin closes it.
    for (const who of [buyer, seller]) {
      expect((await send(who, 'DELETE', `/api/reports/conversations/${c._id}`)).status).toBe(403);
    }
    const closed = await send(admin, 'DELETE', `/api/reports/conversations/${c._id}`);
    expect(closed.status, await closed.clone().text()).toBe(204);

    expect((await send(admin, 'GET', `/api/conversations/${c._id}`)).status).toBe(404);
    expect((await send(admin, 'GET', `/api/conversations/${c._id}/messages`)).status).toBe(404);
    expect((await wholeList()).map((i) => i._id)).not.toContain(c._id);
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, c._id));
    expect(row).toMatchObject({ reportedAt: null, reportedBy: null, reportReason: null, reportDetails: null });
    // Its people keep it, no longer reported.
    const mine = conversationDetailSchema.parse(await (await send(buyer, 'GET', `/api/conversations/${c._id}`)).json());
    expect(mine.reported_at).toBeNull();

    // Not reported now, or never there: 404.
    for (const id of [c._id, 'no-such-conversation']) {
      const again = await send(admin, 'DELETE', `/api/reports/conversations/${id}`);
      expect(again.status).toBe(404);
      expect(await errorOf(again)).toMatchObject({ code: 'not_found', message: 'Report not found' });
    }
    expect((await report(seller, c._id, { reason: 'abuse' })).status).toBe(204);
    expect((await wholeList()).find((i) => i._id === c._id)).toMatchObject({ reason: 'abuse', details: null });
  });
});
