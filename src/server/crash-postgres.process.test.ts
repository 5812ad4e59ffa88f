import { afterAll, describe, expect, it } from 'vitest';
import { validLaptopBody } from './test/fixtures.ts';
import { bucketBesideRows, distinctPhoto, photoFaultRig, uploadOver } from './test/photo-faults.ts';
import { startS3Server } from './test/s3-server.ts';
import { type ServerProcess, signUpOver, startServerProcess } from './test/server-process.ts';

// A killed process on PostgreSQL (docs/operations.md#a-killed-process): SIGKILL the server while
// sellers upload photos and list laptops with them, buyers book and sellers mark laptops sold, then
// start it again on the same database and bucket. Every write that was acknowledged (2xx) is there
// and consistent: each photo the database refers to has all its files in the bucket, no booking
// stands on a sold laptop, and the server starts clean and works.

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a SIGKILL on PostgreSQL', () => {
  it('keeps every acknowledged booking, sale, listing and photo upload, whole', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const rig = await photoFaultRig(s3, 'crash_pg');
    cleanups.push(() => rig.close());
    const server: ServerProcess = await startServerProcess(rig.env);
    cleanups.push(() => {
      server.child.kill('SIGKILL');
    });

    const run = Date.now().toString(36);
    const sellers = await Promise.all(
      [1, 2].map(async (i) => {
        const email = `crash-pg-seller-${run}-${i}@example.test`;
        return { email, cookie: await signUpOver(server.url, 'seller', email) };
      }),
    );
    const buyers = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const email = `crash-pg-buyer-${run}-${i}@example.test`;
        return { email, cookie: await signUpOver(server.url, 'buyer', email) };
      }),
    );
    const send = (method: string, path: string, cookie: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify(body),
      });

    const ack = {
      photos: new Map<string, string>(), // photo id → seller's email
      laptops: new Map<string, { photoId: string; seller: number; name: string }>(),
      orders: new Map<string, { laptopId: string; buyer: string }>(),
      sales: new Map<string, string>(), // laptop id → the order it was sold on
    };
    let stop = false;
    let n = 0;
    // The server died mid-request: that write was never acknowledged (its client got no answer).
    let unanswered = 0;
    const unacknowledged = () => {
      unanswered += 1;
      return undefined;
    };

    // Each seller uploads a photo and lists a laptop with it, over and over (two sellers, two each).
    const lister = async (s: number) => {
      const seller = sellers[s]!;
      while (!stop) {
        n += 1;
        const name = `Crash PG Laptop ${n}`;
        const photo = await distinctPhoto();
        const uploaded = await uploadOver(server.url, seller.cookie, photo.bytes).catch(unacknowledged);
        if (uploaded?.status !== 201) continue;
        const { id } = (await uploaded.json().catch(unacknowledged)) ?? {};
        if (!id) continue;
        ack.photos.set(id, seller.email);
        const listed = await send(
          'POST',
          '/api/addLaptop',
          seller.cookie,
          validLaptopBody({ laptop_name: name, photos: [id] }),
        ).catch(unacknowledged);
        if (listed?.status !== 201) continue;
        const laptop = (await listed.json().catch(unacknowledged)) as { _id: string } | undefined;
        if (laptop) ack.laptops.set(laptop._id, { photoId: id, seller: s, name });
      }
    };
    // Buyers book the newest listings.
    const booker = async (b: number) => {
      const buyer = buyers[b]!;
      while (!stop) {
        const newest = [...ack.laptops.keys()].slice(-3);
        if (newest.length === 0) {
          await pause(20);
          continue;
        }
        for (const laptopId of newest) {
          if (stop) break;
          const res = await send('POST', '/api/myOrders', buyer.cookie, {
            laptop_id: laptopId,
            buyerPhoneNumber: '01812345678',
            meetingAddress: 'Farmgate',
          }).catch(unacknowledged);
          if (res?.status === 201) {
            const order = (await res.json().catch(unacknowledged)) as { _id: string } | undefined;
            if (order) ack.orders.set(order._id, { laptopId, buyer: buyer.email });
          } else await res?.arrayBuffer().catch(unacknowledged);
        }
      }
    };
    // Sellers sell a booked laptop now and then, to one of its bookings (the others are declined).
    const closer = async () => {
      while (!stop) {
        await pause(150);
        const order = [...ack.orders].find(([, o]) => !ack.sales.has(o.laptopId));
        if (!order) continue;
        const [orderId, { laptopId }] = order;
        const seller = sellers[ack.laptops.get(laptopId)!.seller]!;
        const res = await send('PUT', `/api/myProducts/${laptopId}`, seller.cookie, {
          salesStatus: 'sold',
          orderId,
        }).catch(unacknowledged);
        if (res?.status === 200) ack.sales.set(laptopId, orderId);
        else await res?.arrayBuffer().catch(unacknowledged);
      }
    };
    const workers = [lister(0), lister(0), lister(1), lister(1), booker(0), booker(1), booker(2), closer()];

    // Let writes pile up, then pull the plug without warning (uploads are always under way).
    const started = Date.now();
    while ((ack.orders.size < 12 || ack.photos.size < 6 || ack.sales.size < 2) && Date.now() - started < 60_000)
      await pause(50);
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(workers);
    expect(ack.orders.size).toBeGreaterThanOrEqual(12);
    expect(ack.photos.size).toBeGreaterThanOrEqual(6);
    expect(ack.sales.size).toBeGreaterThanOrEqual(2);

    // Started again on the same database and bucket: it starts clean.
    const restarting = Date.now();
    const again = await startServerProcess(rig.env);
    const restartMs = Date.now() - restarting;
    cleanups.push(() => {
      again.child.kill('SIGKILL');
    });
    const db = rig.db;

    // Every acknowledged photo upload: its row, its uploader, all its files.
    const { rows: photoRows } = await db.query<{ id: string; email: string }>(
      'select p.id, u.email from photo p join photo_upload pu on pu.photo_id = p.id join "user" u on u.id = pu.seller_id',
    );
    const uploaders = new Map(photoRows.map((r) => [r.id, r.email]));
    for (const [id, email] of ack.photos) expect(uploaders.get(id), `acknowledged photo ${id}`).toBe(email);
    const bucket = await bucketBesideRows(db, s3);
    expect(bucket.missing).toEqual([]);

    // Every acknowledged listing, with its photo as the cover.
    const { rows: laptopRows } = await db.query<{
      id: string;
      name: string;
      cover_photo_id: string | null;
      photo_id: string | null;
      sales_status: string;
      booked: boolean;
      standing: boolean;
    }>(
      `select l.id, l.name, l.cover_photo_id, lp.photo_id, l.sales_status, l.booked,
         exists (select 1 from "order" o where o.laptop_id = l.id and o.status in ('requested', 'accepted')) as standing
       from laptop l left join laptop_photo lp on lp.laptop_id = l.id and lp.position = 0`,
    );
    const laptops = new Map(laptopRows.map((r) => [r.id, r]));
    for (const [id, l] of ack.laptops) {
      expect(laptops.get(id), `acknowledged laptop ${l.name}`).toMatchObject({
        name: l.name,
        cover_photo_id: l.photoId,
        photo_id: l.photoId,
      });
    }
    // No booking stands on a sold laptop, and the booked mark says whether one stands.
    for (const l of laptopRows) {
      if (l.sales_status === 'sold') expect(l.standing, `laptop ${l.name} is sold with a booking standing`).toBe(false);
      expect(l.booked, `laptop ${l.name}: booked mark`).toBe(l.standing);
    }

    // Every acknowledged booking and sale.
    const { rows: orderRows } = await db.query<{ id: string; laptop_id: string; status: string; email: string }>(
      'select o.id, o.laptop_id, o.status, u.email from "order" o join "user" u on u.id = o.buyer_id',
    );
    const orders = new Map(orderRows.map((r) => [r.id, r]));
    for (const [id, o] of ack.orders)
      expect(orders.get(id), `acknowledged order ${id}`).toMatchObject({ laptop_id: o.laptopId, email: o.buyer });
    for (const [laptopId, orderId] of ack.sales) {
      expect(laptops.get(laptopId)?.sales_status, `acknowledged sale of ${laptopId}`).toBe('sold');
      expect(orders.get(orderId)?.status).toBe('completed');
    }

    // And it works: a listing's photo is served, an upload is stored, a page answers.
    const [someLaptop] = ack.laptops.values();
    const photo = await fetch(`${again.url}/photos/${someLaptop!.photoId}/1280.webp`);
    expect(photo.status).toBe(200);
    const seller = sellers[0]!;
    const fresh = await uploadOver(again.url, seller.cookie, (await distinctPhoto()).bytes);
    expect(fresh.status, await fresh.clone().text()).toBe(201);
    expect((await fetch(`${again.url}/api/blog`)).status).toBe(200);
    expect(again.output()).not.toMatch(/"level":50|request failed/);
    console.log(
      `SIGKILL on PostgreSQL: ${ack.photos.size} photos, ${ack.laptops.size} listings, ${ack.orders.size} bookings, ` +
        `${ack.sales.size} sales acknowledged before the kill; ${unanswered} requests got no answer (in flight at the kill, or sent before the clients noticed); ` +
        `ready again in ${restartMs} ms with all of them there ` +
        `(${bucket.unreferenced.length} files in the bucket from uploads cut short, referred to by nothing)`,
    );
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);
});
