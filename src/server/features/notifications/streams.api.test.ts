import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStreamReader, openEventStream } from '../../test/event-stream.ts';
import { jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// Live notification streams cannot be used to hold the server (docs/security.md#live-streams): an
// account holds at most STREAMS_PER_USER of them and an instance STREAMS_MAX; a sign-out or
// revocation that ends no session checks nothing again, and one that does checks each session of
// that user once, however many streams it holds.

const PER_USER = 3;
let t: TestApp;
beforeAll(async () => {
  // The queries counted here are the streams' own: the saved-search alert worker, which looks for
  // jobs every quarter second in tests, looks only when woken.
  t = await startTestApp({ config: { streams: { perUser: PER_USER, max: 2_000 } }, alerts: { pollMs: 60_000 } });
});
afterAll(() => t?.close());

const open: EventStreamReader[] = [];
async function streamOf(who: Session) {
  const stream = await openEventStream(t, who.cookie);
  open.push(stream);
  return stream;
}
afterAll(() => {
  for (const s of open) s.close();
});

/** The database queries made while `work` runs and for `settleMs` after (a re-check comes 0.5 s after a change). */
async function queriesDuring(work: () => Promise<unknown>, settleMs = 1_200): Promise<number> {
  let n = 0;
  const stop = t.database.queries.onQuery(() => {
    n += 1;
  });
  try {
    await work();
    await sleep(settleMs);
  } finally {
    stop();
  }
  return n;
}

const post = (who: Session, path: string) => jsonPost(t, path, {}, { cookie: who.cookie });

describe('streams per account', () => {
  it(`holds at most ${PER_USER} open streams per account: a further one ends the oldest, telling its page to stop`, async () => {
    const buyer = await signUp(t);
    const streams = [];
    for (let i = 0; i < PER_USER; i++) streams.push(await streamOf(buyer));
    expect(t.app.notificationHub.open).toBeGreaterThanOrEqual(PER_USER);
    const before = t.app.notificationHub.open;

    const newest = await streamOf(buyer);
    expect(newest.status).toBe(200);
    const stop = await streams[0]!.next();
    expect(stop).toMatchObject({ event: 'stop' });
    expect(JSON.parse(stop.data)).toEqual({ reason: 'too_many_streams' });
    expect(await streams[0]!.ended()).toBe(true);
    // The others stay open, and the instance holds no more streams than before.
    expect(await streams[1]!.ended(300)).toBe(false);
    expect(t.app.notificationHub.open).toBe(before);

    // Another account is not touched by this one's streams.
    const other = await signUp(t);
    const theirs = await streamOf(other);
    expect(theirs.status).toBe(200);
    expect(await streams[2]!.ended(300)).toBe(false);
  });
});

describe('streams per instance', () => {
  it('refuses a stream past STREAMS_MAX with 503, Retry-After and the error shape, and takes one again once one closes', async () => {
    const small = await startTestApp({ config: { streams: { perUser: 5, max: 2 } } });
    try {
      const [a, b] = [await signUp(small), await signUp(small)];
      const first = await openEventStream(small, a.cookie);
      const second = await openEventStream(small, b.cookie);
      expect([first.status, second.status]).toEqual([200, 200]);
      const refused = await openEventStream(small, b.cookie);
      expect(refused.status).toBe(503);
      expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.response.json()).error.code).toBe('unavailable');
      // /healthz and other requests still answer.
      expect((await small.request('/healthz')).status).toBe(200);

      first.close();
      for (let i = 0; i < 50 && small.app.notificationHub.open >= 2; i++) await sleep(20);
      const again = await openEventStream(small, a.cookie);
      expect(again.status).toBe(200);
      again.close();
      second.close();
    } finally {
      await small.close();
    }
  });
});

describe('checking streams again after a sign-out or revocation', () => {
  it('checks nothing when the call ended no session', async () => {
    const other = await signUp(t);
    // Nothing to revoke: the caller has one session. What such a call costs with few streams open…
    const revoke = async () => expect((await post(other, '/api/auth/revoke-other-sessions')).status).toBe(200);
    await revoke();
    const few = await queriesDuring(revoke);
    // …it costs with nine more open: no stream is looked up again.
    for (let i = 0; i < 3; i++) {
      const holder = await signUp(t);
      for (let j = 0; j < PER_USER; j++) await streamOf(holder);
    }
    expect(await queriesDuring(revoke)).toBeLessThanOrEqual(few + 1);
    // An anonymous sign-out ends nothing either.
    expect(await queriesDuring(() => jsonPost(t, '/api/auth/sign-out', {}))).toBeLessThanOrEqual(1);
  });

  it("checks only that user's streams, once per session, and ends those of the revoked session", async () => {
    // What revoking another session costs when the user holds no stream…
    const plain = await signUp(t, { password: 'Secret@123' });
    await signIn(t, plain.email, 'Secret@123');
    const alone = await queriesDuring(async () => {
      expect((await post(plain, '/api/auth/revoke-other-sessions')).status).toBe(200);
    });

    const user = await signUp(t, { password: 'Secret@123' });
    const second = await signIn(t, user.email, 'Secret@123');
    const kept = [await streamOf(user)];
    const revoked = [await streamOf(second), await streamOf(second)];
    // Someone else's streams are not checked at all.
    const bystander = await signUp(t);
    const theirs = [await streamOf(bystander), await streamOf(bystander), await streamOf(bystander)];

    const queries = await queriesDuring(async () => {
      expect((await post(user, '/api/auth/revoke-other-sessions')).status).toBe(200);
    });
    for (const s of revoked) expect(await s.ended()).toBe(true);
    expect(await kept[0]!.ended(200)).toBe(false);
    for (const s of theirs) expect(await s.ended(100)).toBe(false);
    // …and with streams: one session lookup (at most two queries) per session of that user, not per stream.
    expect(queries).toBeLessThanOrEqual(alone + 2 * 2);
  });
});
