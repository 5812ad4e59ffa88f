import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema } from '../../../shared/notifications.ts';
import { orderListSchema } from '../../../shared/orders.ts';
import { type Report, reportListSchema, reportSchema } from '../../../shared/reports.ts';
import { laptopDetailSchema, laptopPageSchema } from '../../../shared/search.ts';
import { makeLaptop, makeOrder } from '../../seed/factories.ts';
import { fieldMessages } from '../../test/fixtures.ts';
import { type Method, send as sendAs } from '../../test/requests.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { orders } from '../orders/schema.ts';
import { REPORTS_PER_HOUR } from './routes.ts';
import { reports } from './schema.ts';

// Reports and moderation (docs/product.md#reports): a signed-in user reports a listing once while
// the report is open; the admin sees one item per open report, and hides the listing (gone from
// every public answer, standing bookings declined, the seller told why) or dismisses the reports.

let t: TestApp;
let admin: Session;
let seller: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, DEMO.admin);
  seller = await signUp(t, { role: 'seller', name: 'Moderated Seller' });
});
afterAll(() => t?.close());

/** Ten random letters: a word that search finds in one laptop's name only. */
const randomWord = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** A laptop of `seller`'s, advertised so it is on the home page too, under a name search finds alone. */
async function newLaptop(over: Partial<Parameters<typeof makeLaptop>[0]> = {}) {
  const word = randomWord();
  const laptop = makeLaptop({ sellerId: seller.userId, name: `Reported ${word} notebook`, advertised: true, ...over });
  await t.database.db.insert(laptops).values(laptop);
  return { ...laptop, word };
}

const send = (who: Session | null, method: Method, path: string, body?: unknown) => sendAs(t, who, method, path, body);

const report = (who: Session, laptopId: string, reason = 'scam', details?: string) =>
  send(who, 'POST', '/api/reports', { laptop_id: laptopId, reason, ...(details === undefined ? {} : { details }) });

async function reported(who: Session, laptopId: string, reason = 'scam', details?: string): Promise<Report> {
  const res = await report(who, laptopId, reason, details);
  expect(res.status, await res.clone().text()).toBe(201);
  return reportSchema.parse(await res.json());
}

const act = (id: string, body: Record<string, unknown>, who: Session | null = admin) =>
  send(who, 'PUT', `/api/reports/${encodeURIComponent(id)}`, body);

/** Every open report, following the `Link` header page by page. */
async function openReports(limit = 100): Promise<Report[]> {
  const all: Report[] = [];
  let path: string | null = `/api/reports?status=open&limit=${limit}`;
  while (path) {
    const res = await send(admin, 'GET', path);
    expect(res.status, await res.clone().text()).toBe(200);
    all.push(...reportListSchema.parse(await res.json()));
    path = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return all;
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function notificationsOf(who: Session) {
  const res = await send(who, 'GET', '/api/notifications?limit=50');
  expect(res.status).toBe(200);
  return notificationPageSchema.parse(await res.json()).items;
}

async function statusesOf(ids: string[]) {
  const rows = await t.database.db
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(inArray(reports.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

/** Where a laptop shows publicly: search, its category page, the home page, its own page. */
async function whereShown(laptop: { id: string; word: string; category: string }, viewer: Session) {
  const search = laptopPageSchema.parse(await (await send(null, 'GET', `/api/laptops?q=${laptop.word}`)).json());
  const category = (await (await send(viewer, 'GET', `/api/categories/${laptop.category}?limit=100`)).json()) as {
    _id: string;
  }[];
  const home = (await (await send(null, 'GET', '/api/myProducts?advertise=true')).json()) as { _id: string }[];
  const page = await send(null, 'GET', `/api/laptops/${laptop.id}`);
  return {
    search: search.items.some((l) => l._id === laptop.id),
    category: category.some((l) => l._id === laptop.id),
    home: home.some((l) => l._id === laptop.id),
    page: page.status,
  };
}

describe('reporting a listing', () => {
  it('answers 201 with the report; a second open report by the same user is 409', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const created = await reported(buyer, laptop.id, 'wrong_details', '  It is an i3, not an i5.  ');
    expect(created).toEqual({
      _id: expect.any(String),
      laptop_id: laptop.id,
      laptop_name: laptop.name,
      reason: 'wrong_details',
      details: 'It is an i3, not an i5.',
      created_at: expect.any(String),
    });
    expect(Date.parse(created.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const again = await report(buyer, laptop.id, 'offensive');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'conflict', message: 'You have already reported this listing' });
    // Someone else may report it too.
    await reported(await signUp(t), laptop.id, 'already_sold');
  });

  it('keeps one open report per user per listing when two are sent at once', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const answers = await Promise.all([report(buyer, laptop.id, 'scam'), report(buyer, laptop.id, 'offensive')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(reports).where(eq(reports.laptopId, laptop.id));
    expect(rows).toHaveLength(1);
  });

  it('lets the same user report the listing again once their report was dismissed', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const first = await reported(buyer, laptop.id);
    expect((await act(first._id, { action: 'dismiss' })).status).toBe(200);
    const second = await reported(buyer, laptop.id, 'offensive');
    expect(second._id).not.toBe(first._id);
    expect(await statusesOf([first._id, second._id])).toEqual({ [first._id]: 'dismissed', [second._id]: 'open' });
  });

  it('needs words with "other", and refuses what is not a report, naming the field', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    for (const details of [undefined, '', '   ']) {
      const res = await report(buyer, laptop.id, 'other', details);
      expect(res.status).toBe(400);
      expect(fieldMessages((await res.json()).error.fields)).toEqual({
        details: 'Tell us what is wrong with this listing',
      });
    }
    const long = await report(buyer, laptop.id, 'scam', 'x'.repeat(501));
    expect(long.status).toBe(400);
    expect(fieldMessages((await long.json()).error.fields)).toEqual({
      details: 'Details must be 500 characters or shorter',
    });
    const reason = await report(buyer, laptop.id, 'spam');
    expect(reason.status).toBe(400);
    expect(fieldMessages((await reason.json()).error.fields)).toEqual({ reason: 'Choose a reason' });
    const noLaptop = await send(buyer, 'POST', '/api/reports', { reason: 'scam' });
    expect(fieldMessages((await noLaptop.json()).error.fields)).toEqual({ laptop_id: 'laptop_id is required' });

    const other = await reported(buyer, laptop.id, 'other', 'The photos are of a different laptop');
    expect(other).toMatchObject({ reason: 'other', details: 'The photos are of a different laptop' });
    // Details are optional for the named reasons, and empty ones are stored as none.
    expect((await reported(await signUp(t), laptop.id, 'scam', '')).details).toBeNull();
  });

  it('is 404 for a listing that does not exist or was hidden, 403 on your own, 401 signed out', async () => {
    const buyer = await signUp(t);
    const missing = await report(buyer, 'no-such-laptop');
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toMatchObject({ code: 'not_found', message: 'Laptop not found' });

    const hidden = await newLaptop({ salesStatus: 'hidden', hiddenReason: 'Reported as offensive (1)' });
    expect((await report(buyer, hidden.id)).status).toBe(404);

    // A sold listing is still public (its page says sold), so it may be reported.
    const sold = await newLaptop({ salesStatus: 'sold' });
    await reported(buyer, sold.id, 'offensive');

    const own = await report(seller, (await newLaptop()).id);
    expect(own.status).toBe(403);
    expect(await errorOf(own)).toMatchObject({ code: 'forbidden', message: 'You cannot report your own listing' });

    const anonymous = await send(null, 'POST', '/api/reports', { laptop_id: hidden.id, reason: 'scam' });
    expect(anonymous.status).toBe(401);
  });

  it(`allows ${REPORTS_PER_HOUR} reports per user per hour, then 429 with Retry-After`, async () => {
    const busy = await signUp(t);
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) await reported(busy, (await newLaptop()).id);
    const over = await report(busy, (await newLaptop()).id);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await errorOf(over)).code).toBe('rate_limited');
    // Per user: someone else still may.
    await reported(await signUp(t), (await newLaptop()).id);
  });
});

describe('who may call the report routes (the rows for the authorization matrix)', () => {
  it('POST: anyone signed in but the listing’s seller; GET and PUT: the admin only', async () => {
    const callers = {
      buyer: await signUp(t),
      seller,
      otherSeller: await signUp(t, { role: 'seller' }),
      admin,
    } satisfies Record<string, Session>;
    const expected = {
      post: { buyer: 201, seller: 403, otherSeller: 201, admin: 201 },
      list: { buyer: 403, seller: 403, otherSeller: 403, admin: 200 },
      act: { buyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    };
    const seen: Record<string, Record<string, number>> = { post: {}, list: {}, act: {} };
    for (const [name, who] of Object.entries(callers)) {
      const laptop = await newLaptop();
      seen.post![name] = (await report(who, laptop.id)).status;
      seen.list![name] = (await send(who, 'GET', '/api/reports?status=open')).status;
      const open = await reported(await signUp(t), (await newLaptop()).id);
      seen.act![name] = (await act(open._id, { action: 'dismiss' }, who)).status;
    }
    expect(seen).toEqual(expected);
    const laptop = await newLaptop();
    expect((await send(null, 'POST', '/api/reports', { laptop_id: laptop.id, reason: 'scam' })).status).toBe(401);
    expect((await send(null, 'GET', '/api/reports?status=open')).status).toBe(401);
    expect((await act('x', { action: 'hide' }, null)).status).toBe(401);
  });
});

describe("the admin's list of open reports", () => {
  it('has one item per open report, newest first, with exactly the documented fields, paged by Link', async () => {
    const laptop = await newLaptop();
    const other = await newLaptop();
    const a = await reported(await signUp(t), laptop.id, 'scam');
    const b = await reported(await signUp(t), other.id, 'other', 'Asks for payment by bKash before meeting');
    const c = await reported(await signUp(t), laptop.id, 'offensive');

    const list = await openReports();
    const ours = list.filter((r) => [a._id, b._id, c._id].includes(r._id));
    expect(ours).toEqual([c, b, a]);
    expect(Object.keys(ours[0]!).sort()).toEqual([
      '_id',
      'created_at',
      'details',
      'laptop_id',
      'laptop_name',
      'reason',
    ]);
    const times = list.map((r) => Date.parse(r.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    // Two at a time gives the same reports, in the same order, without repeats.
    const paged = await openReports(2);
    expect(paged).toEqual(list);
    const first = await send(admin, 'GET', '/api/reports?status=open&limit=2');
    const next = new URL(/^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1] ?? '/', t.url);
    expect(next.pathname).toBe('/api/reports');
    expect(Object.fromEntries(next.searchParams)).toEqual({ status: 'open', limit: '2', cursor: expect.any(String) });
    // `status` may be left out (open is what there is), and nothing else is a status.
    expect((await (await send(admin, 'GET', '/api/reports?limit=100')).json()).length).toBe(Math.min(list.length, 100));
    const bad = await send(admin, 'GET', '/api/reports?status=closed');
    expect(bad.status).toBe(400);
    expect(fieldMessages((await bad.json()).error.fields)).toEqual({ status: "status must be 'open'" });
    expect((await send(admin, 'GET', '/api/reports?status=open&cursor=nonsense')).status).toBe(400);
  });
});

describe('hiding a listing', () => {
  it('takes it out of every public answer, declines its standing bookings and tells the seller why', async () => {
    const laptop = await newLaptop({ booked: true });
    const viewer = await signUp(t);
    const [b1, b2, b3] = [await signUp(t), await signUp(t), await signUp(t)];
    const requested = makeOrder({
      buyerId: b1.userId,
      laptopId: laptop.id,
      sellerId: seller.userId,
      laptopName: laptop.name,
    });
    const accepted = makeOrder({
      buyerId: b2.userId,
      laptopId: laptop.id,
      sellerId: seller.userId,
      laptopName: laptop.name,
      status: 'accepted',
    });
    const cancelled = makeOrder({
      buyerId: b3.userId,
      laptopId: laptop.id,
      sellerId: seller.userId,
      laptopName: laptop.name,
      status: 'cancelled',
    });
    await t.database.db.insert(orders).values([requested, accepted, cancelled]);
    // Asked before, so that any cached answer has to be forgotten.
    expect(await whereShown(laptop, viewer)).toEqual({ search: true, category: true, home: true, page: 200 });

    const r1 = await reported(b1, laptop.id, 'scam');
    const r2 = await reported(b2, laptop.id, 'offensive');
    const r3 = await reported(b3, laptop.id, 'scam', 'Asked me to pay in advance');
    const res = await act(r2._id, { action: 'hide', note: '  The seller asked buyers to pay in advance.  ' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 3 });

    expect(await whereShown(laptop, viewer)).toEqual({ search: false, category: false, home: false, page: 404 });
    expect((await send(viewer, 'GET', `/api/laptops/${laptop.id}`)).status).toBe(404);
    // Its seller and the admin still see it, hidden.
    for (const who of [seller, admin]) {
      const own = await send(who, 'GET', `/api/laptops/${laptop.id}`);
      expect(own.status).toBe(200);
      expect(laptopDetailSchema.parse(await own.json())).toMatchObject({ salesStatus: 'hidden', booked: false });
    }
    const why = 'Reported as scam or fraud (2) and offensive (1). The seller asked buyers to pay in advance.';
    const [row] = await t.database.db.select().from(laptops).where(eq(laptops.id, laptop.id));
    expect(row).toMatchObject({ salesStatus: 'hidden', hiddenReason: why, booked: false });

    const after = await t.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.laptopId, laptop.id));
    expect(Object.fromEntries(after.map((o) => [o.id, o.status]))).toEqual({
      [requested.id]: 'declined',
      [accepted.id]: 'declined',
      [cancelled.id]: 'cancelled',
    });
    const mine = orderListSchema.parse(
      await (await send(b1, 'GET', `/api/myOrders?buyerEmail=${encodeURIComponent(b1.email)}`)).json(),
    );
    expect(mine.find((o) => o._id === requested.id)?.status).toBe('declined');

    const told = (await notificationsOf(seller)).filter((x) => x.laptop_id === laptop.id);
    expect(told).toEqual([
      expect.objectContaining({ kind: 'listing_hidden', laptop_name: laptop.name, note: why, read: false }),
    ]);
    for (const [buyer, order] of [
      [b1, requested],
      [b2, accepted],
    ] as const) {
      const theirs = (await notificationsOf(buyer)).filter((x) => x.laptop_id === laptop.id);
      expect(theirs).toEqual([expect.objectContaining({ kind: 'order_declined', order_id: order.id })]);
    }
    // Their booking was over already: nothing to tell.
    expect((await notificationsOf(b3)).filter((x) => x.laptop_id === laptop.id)).toEqual([]);

    expect(await statusesOf([r1._id, r2._id, r3._id])).toEqual({
      [r1._id]: 'actioned',
      [r2._id]: 'actioned',
      [r3._id]: 'actioned',
    });
    expect((await openReports()).filter((r) => r.laptop_id === laptop.id)).toEqual([]);
    // Gone for reporters too.
    expect((await report(viewer, laptop.id)).status).toBe(404);
  });

  it('tells the seller the reasons alone when the admin adds no note', async () => {
    const laptop = await newLaptop();
    const r = await reported(await signUp(t), laptop.id, 'already_sold');
    expect((await act(r._id, { action: 'hide', note: '' })).status).toBe(200);
    const told = (await notificationsOf(seller)).find((x) => x.laptop_id === laptop.id);
    expect(told?.note).toBe('Reported as already sold (1)');
  });

  it('refuses a note over 500 characters and an unknown action', async () => {
    const r = await reported(await signUp(t), (await newLaptop()).id);
    const long = await act(r._id, { action: 'hide', note: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(fieldMessages((await long.json()).error.fields)).toEqual({
      note: 'The note must be 500 characters or shorter',
    });
    const unknown = await act(r._id, { action: 'delete' });
    expect(unknown.status).toBe(400);
    expect(fieldMessages((await unknown.json()).error.fields)).toEqual({
      action: "action must be 'hide' or 'dismiss'",
    });
    expect(await statusesOf([r._id])).toEqual({ [r._id]: 'open' });
  });
});

describe('dismissing reports', () => {
  it('closes every open report of that listing and only those; the listing stays; nobody is told', async () => {
    const laptop = await newLaptop();
    const elsewhere = await newLaptop();
    const viewer = await signUp(t);
    const r1 = await reported(await signUp(t), laptop.id, 'scam');
    const r2 = await reported(await signUp(t), laptop.id, 'wrong_details');
    const kept = await reported(await signUp(t), elsewhere.id, 'scam');

    const res = await act(r1._id, { action: 'dismiss' });
    expect(await res.json()).toEqual({ modifiedCount: 2 });
    const open = (await openReports()).map((r) => r._id);
    expect(open).not.toContain(r1._id);
    expect(open).not.toContain(r2._id);
    expect(open).toContain(kept._id);
    expect(await statusesOf([r1._id, r2._id, kept._id])).toEqual({
      [r1._id]: 'dismissed',
      [r2._id]: 'dismissed',
      [kept._id]: 'open',
    });

    expect(await whereShown(laptop, viewer)).toEqual({ search: true, category: true, home: true, page: 200 });
    const [row] = await t.database.db.select().from(laptops).where(eq(laptops.id, laptop.id));
    expect(row).toMatchObject({ salesStatus: 'unsold', hiddenReason: null });
    expect((await notificationsOf(seller)).filter((x) => x.laptop_id === laptop.id)).toEqual([]);
  });
});

describe('acting on reports that are no longer open', () => {
  it('answers 409 for a report already dealt with (it exists: the admin acted on an old view), 404 for none', async () => {
    const laptop = await newLaptop();
    const r = await reported(await signUp(t), laptop.id);
    expect((await act(r._id, { action: 'dismiss' })).status).toBe(200);
    for (const action of ['dismiss', 'hide']) {
      const again = await act(r._id, { action });
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toMatchObject({
        code: 'conflict',
        message: 'These reports have already been dealt with',
      });
    }
    // The listing was not hidden by the refused hide.
    expect((await send(null, 'GET', `/api/laptops/${laptop.id}`)).status).toBe(200);

    const missing = await act('no-such-report', { action: 'hide' });
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toMatchObject({ code: 'not_found', message: 'Report not found' });
  });

  it('lets exactly one of two admins acting at once take effect', async () => {
    const laptop = await newLaptop();
    const r1 = await reported(await signUp(t), laptop.id, 'scam');
    const r2 = await reported(await signUp(t), laptop.id, 'offensive');
    const answers = await Promise.all([act(r1._id, { action: 'hide' }), act(r2._id, { action: 'dismiss' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const statuses = Object.values(await statusesOf([r1._id, r2._id]));
    // Both closed the same way, by whichever came first.
    expect(new Set(statuses).size).toBe(1);
    const hidden = statuses[0] === 'actioned';
    const told = (await notificationsOf(seller)).filter((x) => x.laptop_id === laptop.id);
    expect(told.length).toBe(hidden ? 1 : 0);
  });
});
