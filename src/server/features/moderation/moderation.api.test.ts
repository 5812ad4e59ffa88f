import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Laptop, laptopSchema, listingReviewSchema } from '../../../shared/laptops.ts';
import { moderationListSchema } from '../../../shared/moderation.ts';
import { notificationPageSchema } from '../../../shared/notifications.ts';
import { laptopDetailSchema, laptopPageSchema } from '../../../shared/search.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { scene, uploadPhoto } from '../../test/photos.ts';
import { errorOf, type Method, send } from '../../test/requests.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { listingReviews } from './schema.ts';

// Honest listings (docs/product.md#moderation): the risk checks on new and edited listings, the
// admin's queue, and what everyone else sees of a listing held for review.

let t: TestApp;
let admin: Session;
let buyer: Session;

beforeAll(async () => {
  // The marketplace's own limit: the tests' default lets a test seller list without end.
  t = await startTestApp({ config: { listingsPerDayBeforeReview: 10 } });
  admin = await signIn(t, DEMO.admin);
  buyer = await signUp(t);
});
afterAll(() => t?.close());

const call = (who: Session | null, method: Method, path: string, body?: unknown) => send(t, who, method, path, body);
const seller = () => signUp(t, { role: 'seller', name: 'Rahim Traders' });

async function list(who: Session, body: Record<string, unknown> = {}): Promise<Laptop> {
  const res = await call(who, 'POST', '/api/addLaptop', validLaptopBody(body));
  expect(res.status, await res.clone().text()).toBe(201);
  return laptopSchema.parse(await res.json());
}

async function queue(): Promise<ReturnType<typeof moderationListSchema.parse>> {
  const res = await call(admin, 'GET', '/api/moderation?limit=100');
  expect(res.status, await res.clone().text()).toBe(200);
  return moderationListSchema.parse(await res.json());
}

const decide = (laptopId: string, body: unknown, who: Session = admin) =>
  call(who, 'PUT', `/api/moderation/${laptopId}`, body);

async function searchFinds(words: string): Promise<string[]> {
  const res = await t.request(`/api/laptops?q=${encodeURIComponent(words)}`);
  return laptopPageSchema.parse(await res.json()).items.map((l) => l._id);
}

/** A picture unlike any other test's (test/photos.ts `scene`), as a phone would send it. */
const distinctPhoto = (seed: number) =>
  scene(400 + seed, 800, 600)
    .jpeg({ quality: 90 })
    .toBuffer();

describe('a listing with contact details in its text', () => {
  it('is held: its seller sees it under review, nobody else finds, opens, books, saves or messages it', async () => {
    const karim = await seller();
    const word = `Zephyrbook${Date.now()}`;
    const held = await list(karim, {
      laptop_name: `${word} 14`,
      laptopDesc: 'Call me on 01712-345678 for the best price.',
    });
    expect(held.review_status).toBe('pending');
    expect(held.review).toEqual({
      review_status: 'pending',
      flags: ['contact_in_text'],
      reject_reason: null,
      proof_code: expect.stringMatching(/^[A-Z0-9]{6}$/),
      proof_photo: null,
    });

    for (const who of [null, buyer]) expect((await call(who, 'GET', `/api/laptops/${held._id}`)).status).toBe(404);
    expect(await searchFinds(word)).toEqual([]);
    const booking = { laptop_id: held._id, buyerPhoneNumber: '01812345678', meetingAddress: 'Mirpur 10' };
    expect((await call(buyer, 'POST', '/api/myOrders', booking)).status).toBe(404);
    expect((await call(buyer, 'PUT', `/api/wishlist/${held._id}`)).status).toBe(404);
    expect(
      (await call(buyer, 'POST', '/api/conversations', { laptop_id: held._id, text: 'Still there?' })).status,
    ).toBe(404);
    expect((await call(buyer, 'POST', '/api/reports', { laptop_id: held._id, reason: 'scam' })).status).toBe(404);

    // Its seller and the admin see it, with where it stands.
    for (const who of [karim, admin]) {
      const page = laptopDetailSchema.parse(await (await call(who, 'GET', `/api/laptops/${held._id}`)).json());
      expect(page.review).toMatchObject({ review_status: 'pending', flags: ['contact_in_text'] });
    }
    const mine = laptopSchema
      .array()
      .parse(await (await call(karim, 'GET', `/api/allLaptops?email=${karim.email}`)).json());
    expect(mine.find((l) => l._id === held._id)?.review?.review_status).toBe('pending');
    // Not advertised until it is published.
    const advertise = await call(karim, 'PUT', `/api/myProducts/${held._id}`, { advertise: true });
    expect(advertise.status).toBe(409);
    expect(await errorOf(advertise)).toMatchObject({ reason: 'listing_under_review' });

    const item = (await queue()).find((i) => i.laptop._id === held._id);
    expect(item).toMatchObject({ flags: ['contact_in_text'], evidence: { contact: ['phone_number'] } });
  });

  it('is published at once without a flag, and its seller is told it is', async () => {
    const karim = await seller();
    const listing = await list(karim);
    expect(listing.review).toMatchObject({ review_status: 'published', flags: [] });
    expect((await call(buyer, 'GET', `/api/laptops/${listing._id}`)).status).toBe(200);
    expect((await queue()).some((i) => i.laptop._id === listing._id)).toBe(false);
  });
});

describe('the admin’s decision', () => {
  it('approving publishes it, new in the lists, and tells its seller; deciding twice is 409', async () => {
    const karim = await seller();
    const word = `Quasarbook${Date.now()}`;
    const held = await list(karim, { laptop_name: word, laptopDesc: 'Details on www.example-shop.xyz' });
    const res = await decide(held._id, { action: 'approve' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ review_status: 'published' });
    expect((await call(buyer, 'GET', `/api/laptops/${held._id}`)).status).toBe(200);
    expect(await searchFinds(word)).toEqual([held._id]);
    expect((await queue()).some((i) => i.laptop._id === held._id)).toBe(false);

    const told = notificationPageSchema.parse(await (await call(karim, 'GET', '/api/notifications')).json());
    expect(told.items[0]).toMatchObject({ kind: 'listing_approved', laptop_id: held._id });

    const again = await decide(held._id, { action: 'reject', reason: 'Too late' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ reason: 'review_not_pending' });
  });

  it('rejecting needs a reason, tells the seller why, and an edit sends it back to the queue', async () => {
    const karim = await seller();
    const held = await list(karim, { laptopDesc: 'Send 2000 tk advance by bKash to book it.' });
    const bare = await decide(held._id, { action: 'reject' });
    expect(bare.status).toBe(400);
    expect((await errorOf(bare)).fields?.reason).toMatchObject({ code: 'required' });

    const res = await decide(held._id, { action: 'reject', reason: 'Asks for an advance payment.' });
    expect(await res.json()).toEqual({ review_status: 'rejected' });
    const page = laptopDetailSchema.parse(await (await call(karim, 'GET', `/api/laptops/${held._id}`)).json());
    expect(page.review).toMatchObject({ review_status: 'rejected', reject_reason: 'Asks for an advance payment.' });
    expect((await call(buyer, 'GET', `/api/laptops/${held._id}`)).status).toBe(404);
    const told = notificationPageSchema.parse(await (await call(karim, 'GET', '/api/notifications')).json());
    expect(told.items[0]).toMatchObject({ kind: 'listing_rejected', note: 'Asks for an advance payment.' });

    // Rewritten without the advance, it is looked at again rather than published by itself.
    const edited = await call(karim, 'PUT', `/api/laptops/${held._id}`, validLaptopBody());
    expect(laptopSchema.parse(await edited.json()).review?.review_status).toBe('pending');
    expect((await queue()).some((i) => i.laptop._id === held._id)).toBe(true);
  });

  it('is the admin’s alone', async () => {
    const karim = await seller();
    const held = await list(karim, { laptopDesc: 'WhatsApp 01812345678' });
    for (const who of [karim, buyer]) {
      expect((await decide(held._id, { action: 'approve' }, who)).status).toBe(403);
      expect((await call(who, 'GET', '/api/moderation')).status).toBe(403);
    }
    expect((await call(null, 'GET', '/api/moderation')).status).toBe(401);
    expect((await decide('no-such-laptop', { action: 'approve' })).status).toBe(404);
  });

  it('lists the queue oldest first, a page at a time', async () => {
    const karim = await seller();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await list(karim, { laptopDesc: `Visit https://shop${i}.example.com` }))._id);
    const all = (await queue()).map((i) => i.laptop._id).filter((id) => ids.includes(id));
    expect(all).toEqual(ids);
    // Page by page with limit 1 from the first of ours.
    const seen: string[] = [];
    let next: string | null = '/api/moderation?limit=1';
    while (next) {
      const res: Response = await call(admin, 'GET', next);
      seen.push(...moderationListSchema.parse(await res.json()).map((i) => i.laptop._id));
      next = res.headers.get('link')?.match(/<([^>]+)>; rel="next"/)?.[1] ?? null;
    }
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
  });
});

describe('price_outlier', () => {
  it('holds a laptop under half the median of five comparables, with their prices, and not a fair one', async () => {
    const other = await seller();
    // Five comparables: Asus, Core i7 family, 32 GB, Tk 80,000–100,000 (median 90,000).
    const prices = [80_000, 85_000, 90_000, 95_000, 100_000];
    await t.database.db.insert(laptops).values(
      prices.map((resalePrice) =>
        makeLaptop({
          sellerId: other.userId,
          brand: 'Asus',
          processor: 'Intel Core i7-1255U',
          ramGb: 32,
          resalePrice,
        }),
      ),
    );
    const karim = await seller();
    const specs = { brand: 'Asus', processor: 'Core i7 12700H', ram_gb: '32' };
    const bait = await list(karim, { ...specs, resale_price: '30000' });
    expect(bait.review).toMatchObject({ review_status: 'pending', flags: ['price_outlier'] });
    const item = (await queue()).find((i) => i.laptop._id === bait._id);
    expect(item?.evidence.price).toEqual({ count: 5, p25: 85_000, median: 90_000, p75: 95_000 });

    const fair = await list(karim, { ...specs, resale_price: '45000' });
    expect(fair.review?.review_status).toBe('published');

    // Approved, its price is not held again when its seller edits the listing.
    await decide(bait._id, { action: 'approve' });
    const edited = await call(
      karim,
      'PUT',
      `/api/laptops/${bait._id}`,
      validLaptopBody({ ...specs, resale_price: '30000' }),
    );
    expect(laptopSchema.parse(await edited.json()).review?.review_status).toBe('published');

    // A fair listing whose price is dropped to bait is held as a new one would be.
    const drop = await call(karim, 'PUT', `/api/myProducts/${fair._id}`, { resale_price: 20_000 });
    expect(drop.status).toBe(200);
    expect((await call(buyer, 'GET', `/api/laptops/${fair._id}`)).status).toBe(404);
  });

  it('says nothing with fewer than five comparables', async () => {
    const karim = await seller();
    const rare = await list(karim, {
      brand: 'Razer',
      processor: 'Core i9-13950HX',
      ram_gb: '64',
      resale_price: '1000',
    });
    expect(rare.review?.review_status).toBe('published');
  });
});

describe('burst', () => {
  it('holds the eleventh listing a seller posts in a day', async () => {
    const busy = await seller();
    for (let i = 0; i < 10; i++) expect((await list(busy)).review?.review_status).toBe('published');
    const eleventh = await list(busy);
    expect(eleventh.review).toMatchObject({ review_status: 'pending', flags: ['burst'] });
    expect((await queue()).find((i) => i.laptop._id === eleventh._id)?.evidence.burst).toEqual({ count: 11 });
  });
});

describe('duplicate_photo', () => {
  it('holds a listing using a photo on another seller’s listing, not one reusing the seller’s own', async () => {
    const owner = await seller();
    const bytes = await distinctPhoto(7);
    const photo = (await uploadPhoto(t, owner, bytes)).id;
    const original = await list(owner, { photos: [photo], laptop_img: undefined });
    expect(original.review?.review_status).toBe('published');
    // The seller's own second listing with the same photo is no copy.
    expect((await list(owner, { photos: [photo], laptop_img: undefined })).review?.review_status).toBe('published');

    const copier = await seller();
    const copied = (await uploadPhoto(t, copier, bytes)).id;
    const held = await list(copier, { photos: [copied], laptop_img: undefined });
    expect(held.review).toMatchObject({ review_status: 'pending', flags: ['duplicate_photo'] });
    const item = (await queue()).find((i) => i.laptop._id === held._id);
    expect(item?.evidence.photos).toContainEqual(
      expect.objectContaining({ photo_id: copied, match_laptop_id: original._id, distance: 0 }),
    );

    // A different photo is no copy.
    const own = (await uploadPhoto(t, copier, await distinctPhoto(2))).id;
    expect((await list(copier, { photos: [own], laptop_img: undefined })).review?.review_status).toBe('published');
  }, 120_000);
});

describe('edits', () => {
  it('hold a published listing given contact details, and publish a held one cleared of them', async () => {
    const karim = await seller();
    const listing = await list(karim);
    const withLink = await call(
      karim,
      'PUT',
      `/api/laptops/${listing._id}`,
      validLaptopBody({ laptopDesc: 'See bit.ly/deal' }),
    );
    expect(laptopSchema.parse(await withLink.json()).review).toMatchObject({
      review_status: 'pending',
      flags: ['contact_in_text'],
    });
    expect((await call(buyer, 'GET', `/api/laptops/${listing._id}`)).status).toBe(404);
    const cleared = await call(karim, 'PUT', `/api/laptops/${listing._id}`, validLaptopBody());
    expect(laptopSchema.parse(await cleared.json()).review?.review_status).toBe('published');
    expect((await call(buyer, 'GET', `/api/laptops/${listing._id}`)).status).toBe(200);
    expect((await queue()).some((i) => i.laptop._id === listing._id)).toBe(false);
  });
});

describe('PUT /api/laptops/{id}/proof', () => {
  it('keeps the seller’s photo beside the code for the admin, only for its seller and while held', async () => {
    const karim = await seller();
    const held = await list(karim, { laptopDesc: 'Call 01712345678' });
    const photo = (await uploadPhoto(t, karim, await distinctPhoto(4))).id;
    const res = await call(karim, 'PUT', `/api/laptops/${held._id}/proof`, { photo_id: photo });
    expect(res.status, await res.clone().text()).toBe(200);
    const review = listingReviewSchema.parse(await res.json());
    expect(review.proof_photo?.id).toBe(photo);
    expect((await queue()).find((i) => i.laptop._id === held._id)?.proof_photo?.id).toBe(photo);

    const other = await seller();
    expect((await call(other, 'PUT', `/api/laptops/${held._id}/proof`, { photo_id: photo })).status).toBe(403);
    const stranger = (await uploadPhoto(t, other, await distinctPhoto(5))).id;
    expect((await call(karim, 'PUT', `/api/laptops/${held._id}/proof`, { photo_id: stranger })).status).toBe(400);
    const published = await list(karim);
    const notHeld = await call(karim, 'PUT', `/api/laptops/${published._id}/proof`, { photo_id: photo });
    expect(notHeld.status).toBe(409);
  }, 120_000);

  it('is kept by the hourly sweep of unused photos while its listing is', async () => {
    const karim = await seller();
    const held = await list(karim, { laptopDesc: 'Call 01712345678' });
    const photo = (await uploadPhoto(t, karim, await distinctPhoto(6))).id;
    await call(karim, 'PUT', `/api/laptops/${held._id}/proof`, { photo_id: photo });
    const { removeUnusedPhotos } = await import('../photos/photos.ts');
    await removeUnusedPhotos({
      db: t.database.db,
      store: t.app.photoStore,
      ids: [photo],
      now: new Date(Date.now() + 2 * 86_400_000),
    });
    const [row] = await t.database.db
      .select({ proof: listingReviews.proofPhotoId })
      .from(listingReviews)
      .where(eq(listingReviews.laptopId, held._id));
    expect(row?.proof).toBe(photo);
  }, 120_000);
});
