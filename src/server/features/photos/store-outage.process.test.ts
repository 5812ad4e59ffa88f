import { afterAll, describe, expect, it } from 'vitest';
import { validLaptopBody } from '../../test/fixtures.ts';
import {
  bucketBesideRows,
  distinctPhoto,
  type PhotoFaultRig,
  photoFaultRig,
  uploadOver,
} from '../../test/photo-faults.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { type ServerProcess, signUpOver, startServerProcess } from '../../test/server-process.ts';

// The photo store's outage (docs/operations.md#the-photo-store-s3): a server on PostgreSQL keeps its
// photos in an S3 stand-in, which is stopped for 15 s while a seller uploads. Uploads answer 503
// with Retry-After and the error shape, never 500; nothing the database refers to lacks its files;
// a listing cannot take a photo that was not stored; once the bucket is back, uploads work again and
// the photos stored before are served.

const OUTAGE_MS = 15_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: { error?: { code?: string; message?: string } };
}

async function answerOf(res: Response, started: number): Promise<Answer> {
  const text = await res.text();
  let body: Answer['body'] = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: { message: text } };
  }
  return { status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), body };
}

function expectOutageAnswer(a: Answer, what: string) {
  expect(a.status, `${what}: ${JSON.stringify(a.body)}`).toBe(503);
  expect(a.retryAfter, what).toMatch(/^\d+$/);
  expect(a.body.error?.code, what).toBe('unavailable');
  expect(a.body.error?.message, what).toEqual(expect.any(String));
}

describe('an S3 outage', () => {
  it('answers uploads 503 while the bucket is away, stores nothing half, and works again after', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const rig: PhotoFaultRig = await photoFaultRig(s3, 's3_outage');
    cleanups.push(() => rig.close());
    const server: ServerProcess = await startServerProcess(rig.env);
    cleanups.push(() => {
      server.child.kill('SIGKILL');
    });
    const email = `s3-outage-seller-${Date.now().toString(36)}@example.test`;
    const cookie = await signUpOver(server.url, 'seller', email);
    const upload = async (bytes: Buffer) => {
      const started = Date.now();
      return answerOf(await uploadOver(server.url, cookie, bytes), started);
    };
    const addLaptop = (photos: string[]) =>
      fetch(`${server.url}/api/addLaptop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify(validLaptopBody({ photos })),
      });

    // Before: uploads work, and a listing takes them.
    const before = [await distinctPhoto(), await distinctPhoto(), await distinctPhoto()];
    const stored: { id: string; url: string }[] = [];
    for (const p of before) {
      const a = await upload(p.bytes);
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      stored.push(a.body as unknown as { id: string; url: string });
    }
    expect((await addLaptop([stored[0]!.id])).status).toBe(201);
    const doomed = await addLaptop([stored[2]!.id]);
    expect(doomed.status).toBe(201);
    const doomedId = ((await doomed.json()) as { _id: string })._id;
    const servedBefore = await fetch(`${server.url}${stored[0]!.url}`);
    expect(servedBefore.status).toBe(200);
    const bytesBefore = Buffer.from(await servedBefore.arrayBuffer());

    // The seller uploads, two at a time as the limit allows; the bucket goes away for 15 s while
    // uploads are under way (some between their files), and the seller keeps uploading.
    let away = Number.POSITIVE_INFINITY;
    const during: Answer[] = [];
    const acknowledged: string[] = [];
    const failed: { id: string; bytes: Buffer }[] = [];
    const uploader = async () => {
      while (Date.now() - away < OUTAGE_MS - 1_000) {
        const p = await distinctPhoto();
        const startedAfterStop = Date.now() >= away;
        const a = await upload(p.bytes);
        if (a.status === 201) acknowledged.push(p.id);
        else failed.push(p);
        // Every answer is a 201 or the outage's 503, whenever it came; once the bucket is away, 503.
        if (a.status !== 201) during.push(a);
        else expect(startedAfterStop, 'an upload begun while the bucket was away answered 201').toBe(false);
      }
    };
    const uploaders = [uploader(), uploader()];
    while (acknowledged.length < 2) await new Promise((r) => setTimeout(r, 20));
    await s3.stop();
    away = Date.now();
    const photoWhileAway = (async () => {
      const started = Date.now();
      // A file no browser has cached: the server must fetch it from the bucket.
      return answerOf(await fetch(`${server.url}${stored[1]!.url.replace('1280.webp', '640.avif')}`), started);
    })();
    await Promise.all(uploaders);
    const served = await photoWhileAway;
    const failedIds = failed.map((p) => p.id);

    expect(during.length).toBeGreaterThanOrEqual(4);
    for (const a of during) expectOutageAnswer(a, 'an upload while the bucket is away');
    expectOutageAnswer(served, 'a photo while the bucket is away');
    // A listing cannot refer to a photo that was not stored; one stored before is fine.
    const refused = await addLaptop([failedIds[0]!]);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toHaveProperty('photos');
    expect((await addLaptop([stored[1]!.id])).status).toBe(201);
    // Deleting a listing succeeds; its photo's files wait for the sweep (the bucket is away).
    const deleted = await fetch(`${server.url}/api/allLaptops`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ laptopId: doomedId }),
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await deleted.json()).toEqual({ deletedCount: 1 });
    const { rows: leaked } = await rig.db.query('select id from photo where id = any($1)', [failedIds]);
    expect(leaked).toEqual([]);

    // It comes back after 15 s: uploads work at once, the refused photos too.
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - away))));
    await s3.start();
    const back = Date.now();
    const after = await upload((await distinctPhoto()).bytes);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    const firstBackMs = Date.now() - back;
    const retried = await upload(failed[0]!.bytes);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect((retried.body as unknown as { id: string }).id).toBe(failed[0]!.id);

    // Everything the database refers to is in the bucket, whole; the photos from before are served.
    const bucket = await bucketBesideRows(rig.db, s3);
    expect(bucket.missing).toEqual([]);
    const { rows: kept } = await rig.db.query('select id from photo where id = any($1)', [acknowledged]);
    expect(kept.length).toBe(acknowledged.length);
    const servedAfter = await fetch(`${server.url}${stored[0]!.url}`);
    expect(servedAfter.status).toBe(200);
    expect(Buffer.from(await servedAfter.arrayBuffer())).toEqual(bytesBefore);

    // No request was a 500: nothing was logged as a failure.
    expect(server.output()).not.toMatch(/"level":50|request failed/);
    // The outage is logged once, not per request.
    expect(server.output().match(/the photo store cannot be reached/g)).toHaveLength(1);
    const slowest = Math.max(...during.map((a) => a.ms));
    console.log(
      `S3 outage: ${during.length} uploads in ${OUTAGE_MS / 1000} s, all 503 (slowest ${slowest} ms, ` +
        `photo ${served.ms} ms); ${acknowledged.length} acknowledged in all; first upload after it came back: ${firstBackMs} ms; ` +
        `${bucket.unreferenced.length} files in the bucket referred to by nothing`,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
