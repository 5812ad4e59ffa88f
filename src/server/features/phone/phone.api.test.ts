import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/errors.ts';
import { orderListSchema, orderSchema } from '../../../shared/orders.ts';
import { internationalBdMobile, phoneOtpAnswerSchema, phoneVerifiedAnswerSchema } from '../../../shared/phone.ts';
import { laptopDetailSchema } from '../../../shared/search.ts';
import { meSchema } from '../../../shared/users.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { codeIn, startSmsGateway, type TestSmsGateway } from '../../test/sms-gateway.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { phoneCodes } from './schema.ts';

// Phone verification by SMS (docs/product.md#phone-verification), through HTTP on a fresh
// database, against a test SMS gateway that receives the messages: a code goes out and verifies,
// is stored hashed, expires, allows five tries, one account per number, Bangla digits, a failing
// gateway is tried once more and then answered 503, sends are limited per number and per address,
// and PHONE_VERIFICATION=required keeps unverified accounts from listing and booking.

const TOKEN = 'gateway-token-for-tests';
let t: TestApp;
let gateway: TestSmsGateway;

beforeAll(async () => {
  gateway = await startSmsGateway();
  t = await startTestApp({ config: { sms: { url: gateway.url, token: TOKEN } } });
});
afterAll(async () => {
  await t?.close();
  await gateway?.close();
});

// Numbers no demo account uses, one per call.
let numbers = 0;
const freshNumber = () => `0166${String(process.pid % 1000).padStart(3, '0')}${String(++numbers).padStart(4, '0')}`;
const international = (local: string) => `88${local}`;

function post(app: TestApp, who: Session, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, cookie: who.cookie, ...headers },
    body: JSON.stringify(body),
  });
}
const askCode = (who: Session, phone: string, headers?: Record<string, string>) =>
  post(t, who, '/api/phone/otp', { phone }, headers);
const verify = (who: Session, phone: string, code: string, headers?: Record<string, string>) =>
  post(t, who, '/api/phone/verify', { phone, code }, headers);

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error;
}

/** Sends a code to `phone` and gives the code the gateway received. */
async function codeSent(who: Session, phone: string, headers?: Record<string, string>): Promise<string> {
  const res = await askCode(who, phone, headers);
  expect(res.status, await res.clone().text()).toBe(202);
  expect(phoneOtpAnswerSchema.parse(await res.json())).toEqual({ sent: true, expires_in: 300 });
  const code = codeIn(gateway.lastTo(internationalBdMobile(phone)).text);
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

async function me(app: TestApp, who: Session) {
  const res = await app.request('/api/users/me', { headers: { cookie: who.cookie } });
  return meSchema.parse(await res.json());
}

describe('verifying a phone by SMS', () => {
  it('sends a 6-digit code through the gateway, stores only its hash, and verifies the number once', async () => {
    const buyer = await signUp(t, { name: 'Rahim' });
    const phone = freshNumber();
    const code = await codeSent(buyer, phone);

    const sms = gateway.lastTo(international(phone));
    expect(sms.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sms.contentType).toMatch(/^application\/json/);
    expect(sms.text).toContain('Laptop Haat');
    expect(sms.text).toContain(code);

    const [stored] = await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.userId, buyer.userId));
    expect(stored!.phone).toBe(international(phone));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const res = await verify(buyer, phone, code);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(phoneVerifiedAnswerSchema.parse(await res.json())).toEqual({ phone_verified: true, phone });
    // The account shows it, and the next listing or booking form starts with it.
    expect(await me(t, buyer)).toMatchObject({ verified_phone: phone, phone });

    // A code works once.
    const again = await verify(buyer, phone, code);
    expect(again.status).toBe(400);
    expect((await errorOf(again)).reason).toBe('phone_code_missing');
  });

  it('accepts Bangla digits and +880 forms, and writes the SMS and the errors in Bangla for a Bangla reader', async () => {
    const buyer = await signUp(t);
    const phone = freshNumber();
    const bangla = phone.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    const bn = { cookie: `${buyer.cookie}; lang=bn` };
    const code = await codeSent(buyer, bangla, bn);
    expect(gateway.lastTo(international(phone)).text).toMatch(/যাচাই কোড/);

    const wrong = await verify(
      buyer,
      `+88 ${phone.slice(0, 5)}-${phone.slice(5)}`,
      code === '000000' ? '111111' : '000000',
      bn,
    );
    expect(wrong.status).toBe(400);
    const error = await errorOf(wrong);
    expect(error).toMatchObject({ code: 'validation', reason: 'phone_code_wrong', params: { tries_left: 4 } });
    expect(error.message).toMatch(/[\u0980-\u09ff]/);

    const banglaCode = code.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    const res = await verify(buyer, `+880${phone.slice(1)}`, banglaCode, bn);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await me(t, buyer)).verified_phone).toBe(phone);
  });

  it('refuses a malformed number or code with the field named', async () => {
    const buyer = await signUp(t);
    const badNumber = await askCode(buyer, '01212345678');
    expect(badNumber.status).toBe(400);
    expect((await errorOf(badNumber)).fields?.phone).toMatchObject({ code: 'invalid_mobile' });

    const badCode = await verify(buyer, freshNumber(), '12345');
    expect(badCode.status).toBe(400);
    expect((await errorOf(badCode)).fields?.code).toMatchObject({ code: 'invalid_code' });
  });

  it('refuses an expired code', async () => {
    const buyer = await signUp(t);
    const phone = freshNumber();
    const code = await codeSent(buyer, phone);
    // Five minutes pass: the stored expiry is moved back rather than waited for.
    await t.database.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(phoneCodes.userId, buyer.userId));

    const res = await verify(buyer, phone, code);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ reason: 'phone_code_expired' });
    expect((await me(t, buyer)).verified_phone).toBeNull();

    // A new code works.
    const fresh = await codeSent(buyer, phone);
    expect((await verify(buyer, phone, fresh)).status).toBe(200);
  });

  it('allows five tries: after five wrong codes even the right one needs a new code', async () => {
    const buyer = await signUp(t);
    const phone = freshNumber();
    const code = await codeSent(buyer, phone);
    const wrongCode = code === '999999' ? '999998' : String(Number(code) + 1).padStart(6, '0');

    for (const left of [4, 3, 2, 1]) {
      const res = await verify(buyer, phone, wrongCode);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ reason: 'phone_code_wrong', params: { tries_left: left } });
    }
    const fifth = await verify(buyer, phone, wrongCode);
    expect(fifth.status).toBe(400);
    expect(await errorOf(fifth)).toMatchObject({ reason: 'phone_code_tries_spent' });

    const sixth = await verify(buyer, phone, code);
    expect(sixth.status).toBe(400);
    expect(await errorOf(sixth)).toMatchObject({ reason: 'phone_code_tries_spent' });
    expect((await me(t, buyer)).verified_phone).toBeNull();

    const fresh = await codeSent(buyer, phone);
    expect((await verify(buyer, phone, fresh)).status).toBe(200);
  });

  it('proves only the number the code was sent to', async () => {
    const buyer = await signUp(t);
    const code = await codeSent(buyer, freshNumber());
    const res = await verify(buyer, freshNumber(), code);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ reason: 'phone_code_missing' });
  });

  it('verifies a number on one account only (409)', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const phone = freshNumber();
    // Both ask; the first to verify keeps it.
    const firstCode = await codeSent(first, phone);
    const secondCode = await codeSent(second, phone);
    expect((await verify(first, phone, firstCode)).status).toBe(200);

    const late = await verify(second, phone, secondCode);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatchObject({ code: 'conflict', reason: 'phone_taken' });

    const sent = gateway.requests.length;
    const ask = await askCode(second, phone);
    expect(ask.status).toBe(409);
    expect(await errorOf(ask)).toMatchObject({ reason: 'phone_taken' });
    expect(gateway.requests.length).toBe(sent);
    expect((await me(t, second)).verified_phone).toBeNull();
  });

  it('refuses the number of an account the admin removed, on any account, and keeps no more of it', async () => {
    const removed = await signUp(t);
    const phone = freshNumber();
    expect((await verify(removed, phone, await codeSent(removed, phone))).status).toBe(200);
    const admin = await signIn(t, DEMO.admin);
    const deleted = await t.request('/api/users', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: admin.cookie },
      body: JSON.stringify({ id: removed.userId }),
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);

    // Signed up again, the same phone (in any form) is refused before any SMS goes out.
    const again = await signUp(t);
    const sent = gateway.requests.length;
    for (const form of [phone, `+${international(phone)}`]) {
      const ask = await askCode(again, form);
      expect(ask.status).toBe(403);
      expect(await errorOf(ask)).toMatchObject({
        code: 'forbidden',
        reason: 'phone_removed',
        message: 'This number belonged to an account Laptop Haat removed: it cannot be verified again',
      });
    }
    expect(gateway.requests.length).toBe(sent);
    // Another number verifies as usual.
    const other = freshNumber();
    expect((await verify(again, other, await codeSent(again, other))).status).toBe(200);
  });

  it('tries a failing gateway once more, then answers 503 and keeps no code', async () => {
    const buyer = await signUp(t);
    const phone = freshNumber();

    gateway.failNext(1);
    const before = gateway.requests.length;
    const code = await codeSent(buyer, phone);
    expect(gateway.requests.length - before).toBe(2);
    expect((await verify(buyer, phone, code)).status).toBe(200);

    const other = await signUp(t);
    const otherPhone = freshNumber();
    gateway.failNext(2);
    const failed = await askCode(other, otherPhone);
    expect(failed.status).toBe(503);
    expect(await errorOf(failed)).toMatchObject({ code: 'unavailable', reason: 'sms_failed' });
    const tried = gateway.requests.slice(-2);
    expect(tried.map((r) => r.to)).toEqual([international(otherPhone), international(otherPhone)]);
    // Nobody received that code: it does not wait to be guessed.
    const res = await verify(other, otherPhone, codeIn(tried[0]!.text));
    expect(await errorOf(res)).toMatchObject({ reason: 'phone_code_missing' });
  });

  it('shows "Phone verified" on a listing and a booking made with a verified number', async () => {
    const seller = await signIn(t, DEMO.seller);
    // The demo seller verified 01712345678; a listing with another number is not marked.
    const marked = makeLaptop({ sellerId: seller.userId, sellerMobile: '01712345678' });
    const unmarked = makeLaptop({ sellerId: seller.userId, sellerMobile: freshNumber() });
    await t.database.db.insert(laptops).values([marked, unmarked]);
    const detail = async (id: string) =>
      laptopDetailSchema.parse(await (await t.request(`/api/laptops/${id}`)).json()).phone_verified;
    expect(await detail(marked.id)).toBe(true);
    expect(await detail(unmarked.id)).toBe(false);

    const buyer = await signUp(t);
    const phone = freshNumber();
    expect((await verify(buyer, phone, await codeSent(buyer, phone))).status).toBe(200);
    const booked = await post(t, buyer, '/api/myOrders', {
      laptop_id: marked.id,
      buyerPhoneNumber: phone,
      meetingAddress: 'Dhanmondi 27',
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    expect(orderSchema.parse(await booked.json()).phone_verified).toBe(true);

    const other = await signUp(t);
    const unverified = await post(t, other, '/api/myOrders', {
      laptop_id: unmarked.id,
      buyerPhoneNumber: freshNumber(),
      meetingAddress: 'Gulshan 2',
    });
    expect(unverified.status).toBe(201);

    const res = await t.request('/api/myBuyers?limit=100', { headers: { cookie: seller.cookie } });
    const bookings = orderListSchema.parse(await res.json());
    expect(bookings.find((o) => o.laptop_id === marked.id)?.phone_verified).toBe(true);
    expect(bookings.find((o) => o.laptop_id === unmarked.id)?.phone_verified).toBe(false);
  });
});

describe('send limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Three an hour, as in production; the client's address comes from the proxy in front.
    limited = await startTestApp({
      config: { sms: { url: gateway.url, token: TOKEN }, phoneCodesPerHour: 3, trustProxy: { hops: 1 } },
    });
  });
  afterAll(() => limited?.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('sends three codes an hour to a number, from any address; the fourth is 429 with Retry-After', async () => {
    const buyer = await signUp(limited);
    const phone = freshNumber();
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await post(limited, buyer, '/api/phone/otp', { phone }, from(address))).status).toBe(202);
    }
    const sent = gateway.requests.length;
    const fourth = await post(limited, buyer, '/api/phone/otp', { phone }, from('10.0.0.4'));
    expect(fourth.status).toBe(429);
    const wait = Number(fourth.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(3_600);
    expect(await errorOf(fourth)).toMatchObject({ code: 'rate_limited', reason: 'too_many_attempts' });
    expect(gateway.requests.length).toBe(sent);
    // The same number in another form is the same number.
    const bangla = phone.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    expect((await post(limited, buyer, '/api/phone/otp', { phone: bangla }, from('10.0.0.5'))).status).toBe(429);
  });

  it('sends three codes an hour from an address, to any numbers; the fourth is 429 with Retry-After', async () => {
    const buyer = await signUp(limited);
    for (let i = 0; i < 3; i++) {
      expect((await post(limited, buyer, '/api/phone/otp', { phone: freshNumber() }, from('10.0.1.1'))).status).toBe(
        202,
      );
    }
    const fourth = await post(limited, buyer, '/api/phone/otp', { phone: freshNumber() }, from('10.0.1.1'));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3_000);
    // Another address is not held back.
    expect((await post(limited, buyer, '/api/phone/otp', { phone: freshNumber() }, from('10.0.1.2'))).status).toBe(202);
  });
});

describe('PHONE_VERIFICATION=required', () => {
  let strict: TestApp;
  beforeAll(async () => {
    // No gateway: outside production the stand-in keeps the messages for /dev/sms.
    strict = await startTestApp({ config: { phoneVerification: 'required' } });
  });
  afterAll(() => strict?.close());

  const book = (who: Session, laptopId: string, phone: string) =>
    post(strict, who, '/api/myOrders', { laptop_id: laptopId, buyerPhoneNumber: phone, meetingAddress: 'Mirpur 10' });

  it('holds a listing for review and refuses a booking from an account without a verified phone', async () => {
    // The listing is kept, and waits for an admin (docs/product.md#moderation); nobody else sees it.
    const seller = await signUp(strict, { role: 'seller' });
    const listing = await post(strict, seller, '/api/addLaptop', validLaptopBody());
    expect(listing.status).toBe(201);
    const held = (await listing.json()) as { _id: string; review: { review_status: string; flags: string[] } };
    expect(held.review).toMatchObject({ review_status: 'pending', flags: ['phone_unverified'] });
    expect((await strict.request(`/api/laptops/${held._id}`)).status).toBe(404);

    const demoSeller = await signIn(strict, DEMO.seller);
    const laptop = makeLaptop({ sellerId: demoSeller.userId });
    await strict.database.db.insert(laptops).values(laptop);
    const buyer = await signUp(strict);
    const phone = freshNumber();
    const refused = await book(buyer, laptop.id, phone);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ reason: 'phone_verification_required' });

    // Verified through the stand-in, whose page shows the code: the booking goes through.
    expect((await post(strict, buyer, '/api/phone/otp', { phone })).status).toBe(202);
    const page = await (await strict.request('/dev/sms')).text();
    expect(page).toContain(international(phone));
    const code = codeIn(page.slice(page.indexOf(international(phone))));
    expect((await post(strict, buyer, '/api/phone/verify', { phone, code })).status).toBe(200);
    const booked = await book(buyer, laptop.id, phone);
    expect(booked.status, await booked.clone().text()).toBe(201);
  });

  it('lets the verified demo accounts list and book', async () => {
    const demoSeller = await signIn(strict, DEMO.seller);
    expect((await post(strict, demoSeller, '/api/addLaptop', validLaptopBody())).status).toBe(201);
    const laptop = makeLaptop({ sellerId: demoSeller.userId });
    await strict.database.db.insert(laptops).values(laptop);
    const demoBuyer = await signIn(strict, DEMO.buyer);
    expect((await book(demoBuyer, laptop.id, '01911223344')).status).toBe(201);
  });
});
