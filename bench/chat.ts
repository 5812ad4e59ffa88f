// The chat part of `npm run bench` (issue 38; docs/performance.md#chat, BENCH_ONLY=chat): on a
// PostgreSQL database of its own, 200 conversations, each between a buyer and a seller of their
// own (400 people, so no one holds more than one stream: STREAMS_PER_USER is 5 a person), with both
// people's streams open (GET /api/notifications/stream, as a thread page keeps it). autocannon
// then sends messages at 50 connections (POST /api/conversations/{id}/messages, bearer token, as the
// web client sends them), every one to a different conversation than the one before, buyer and
// seller taking turns, for BENCH_WARMUP_SECONDS and then BENCH_SECONDS. Each message carries its
// number in its text; the time from the moment autocannon writes its POST to the moment the other
// person's stream hands its `message` event to the reader is its delivery time. `per_s` is the
// rate of the measured seconds; delivery percentiles are over every message sent then.
//
// Every person may send 30 messages a minute (features/conversations/routes.ts): the 400 people
// may send 12,000 in the run's minute. The warm-up takes at most 15% of them, and the measured
// seconds end early should they reach the rest (beyond 1,000 messages a second): the part stays
// within the limit, as 400 real people would, rather than meet a 429. Everyone's other limits are
// the bench's (bench/harness.ts). Each buyer starts one conversation (10 an hour allowed), and the
// 400 streams are well within what an instance holds (STREAMS_MAX: 2,000 by default, or half the
// process's file descriptors, 512 at a limit of 1,024), so none is refused as streams_busy.
import { request } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { MESSAGES_PER_MINUTE } from '../src/server/features/conversations/routes.ts';
import { messageNumber, messageText, percentile, readEvents, writerOf } from './chat-plan.ts';
import {
  ADMIN_URL,
  autocannon,
  benchLaptop,
  checked,
  DURATION,
  post,
  signUp,
  startServer,
  stopServer,
  WARMUP,
} from './harness.ts';

/** Conversations open on both people's pages (the target's 200). */
const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 200);
const CONNECTIONS = 50;
/** Sign-ups, listings and first messages under way at once while setting up. */
const SETUP_AT_ONCE = 16;
/** How long after the last answer a message still counts as delivered late rather than lost. */
const SETTLE_MS = 2_000;
/** The part of the people's messages a minute the warm-up may take. */
const WARMUP_SHARE = 0.15;
const TARGET_P99_MS = 200;

export interface ChatResults {
  conversations: number;
  /** Open streams, one per person. */
  streams: number;
  connections: number;
  /** Messages sent a second in the measured seconds (answered 201, up to the last answer). */
  per_s: number;
  /** The measured seconds: BENCH_SECONDS, or fewer if the people's allowance ran out first. */
  seconds: number;
  /** The POST's own latency. */
  p50_ms: number;
  p99_ms: number;
  /** From the POST being written to the other person's stream reading the event. */
  delivery_p50_ms: number | null;
  delivery_p99_ms: number | null;
  delivery_max_ms: number | null;
  /** Measured messages answered 201, and those of them no stream delivered within SETTLE_MS. */
  delivered: number;
  lost: number;
  /** The machine's 1-minute load average as the measurement ended (a shared machine). */
  load_1m: number;
  setup_ms: number;
}

interface Person {
  cookie: string;
  token: string;
}

interface Conversation {
  id: string;
  buyer: Person;
  seller: Person;
}

/** Runs `work` on 0…n-1, at most `atOnce` at a time, and gives the results in order. */
async function inParallel<T>(n: number, atOnce: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) out[i] = await work(i);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, n) }, worker));
  return out;
}

/** A person of `role`, with the session cookie a page holds and the token the client sends. */
async function person(url: string, role: 'buyer' | 'seller', email: string): Promise<Person> {
  const { cookie, token } = await signUp(url, role, email);
  return { cookie, token };
}

interface OpenStream {
  close: () => void;
}

/**
 * Opens `who`'s stream as a page's EventSource does (cookie); resolves once it is answered 200,
 * and hands each `message` event's data to `onMessage` with the time its chunk was read.
 */
function openStream(url: string, who: Person, onMessage: (data: string, at: number) => void): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/notifications/stream`, {
      headers: { cookie: who.cookie, accept: 'text/event-stream' },
      // A socket of its own: the global agent's would be shared with nothing, but say so.
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        const read = readEvents(buffer + chunk);
        buffer = read.rest;
        for (const e of read.events) if (e.event === 'message') onMessage(e.data, at);
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy() });
    });
    req.end();
  });
}

export async function benchChat(): Promise<ChatResults> {
  console.log(
    `\nchat: ${CONVERSATIONS} conversations with both people's streams open, PostgreSQL, messages at ${CONNECTIONS} connections`,
  );
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `lh_bench_chat_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const streams: OpenStream[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer({ DATABASE_URL: dbUrl.toString() });
    const { url } = server;
    const t0 = performance.now();
    const tag = Date.now().toString(36);
    const sellers = await inParallel(CONVERSATIONS, SETUP_AT_ONCE, (i) =>
      person(url, 'seller', `chat-seller-${i}-${tag}@example.test`),
    );
    const buyers = await inParallel(CONVERSATIONS, SETUP_AT_ONCE, (i) =>
      person(url, 'buyer', `chat-buyer-${i}-${tag}@example.test`),
    );
    const signUpMs = performance.now() - t0;
    // Each seller lists a laptop, and its buyer writes about it: one conversation each.
    const conversations: Conversation[] = await inParallel(CONVERSATIONS, SETUP_AT_ONCE, async (i) => {
      const seller = sellers[i]!;
      const buyer = buyers[i]!;
      const laptop = await post(url, '/api/addLaptop', benchLaptop(i), { cookie: seller.cookie });
      const { _id: laptopId } = (await laptop.json()) as { _id: string };
      const started = await post(
        url,
        '/api/conversations',
        { laptop_id: laptopId, text: 'Is this laptop still available?' },
        { authorization: `Bearer ${buyer.token}` },
      );
      const { _id } = (await started.json()) as { _id: string };
      return { id: _id, buyer, seller };
    });

    // Message i: when its POST was written, whether it was answered 201, and when the other person read it.
    const sentAt: number[] = [];
    const answered = new Map<number, number>();
    const deliveredAt = new Map<number, number>();
    let misdelivered = 0;
    const recipientOf = (i: number) => {
      const { conversation, fromBuyer } = writerOf(i, CONVERSATIONS);
      const c = conversations[conversation]!;
      return fromBuyer ? c.seller : c.buyer;
    };
    for (const p of [...sellers, ...buyers]) {
      streams.push(
        await openStream(url, p, (data, at) => {
          const live = JSON.parse(data) as { message: { from_me: boolean; text: string } };
          // The sender's own streams hear of it too (their other tabs): only the other person's counts.
          if (live.message.from_me) return;
          const i = messageNumber(live.message.text);
          if (i === undefined) return;
          // Each message once, to its recipient: anything else is a fault the numbers must not hide.
          if (recipientOf(i) !== p || deliveredAt.has(i)) misdelivered += 1;
          else deliveredAt.set(i, at);
        }),
      );
    }
    const setupMs = Math.round(performance.now() - t0);
    console.log(
      `  set up in ${(setupMs / 1000).toFixed(1)} s (${2 * CONVERSATIONS} sign-ups ${(signUpMs / 1000).toFixed(1)} s): ` +
        `${streams.length} streams open, load ${loadavg()[0]!.toFixed(2)}`,
    );

    // Every person may send MESSAGES_PER_MINUTE in the run's minute: the warm-up takes at most
    // WARMUP_SHARE of that, and the measured seconds end early if they reach the rest (on a machine
    // fast enough to send more than 1,000 a second), rather than meet a 429.
    const allowance = 2 * CONVERSATIONS * MESSAGES_PER_MINUTE;
    let next = 0;
    const run = (duration: number, atMost: number) =>
      autocannon({
        url,
        connections: CONNECTIONS,
        duration,
        maxOverallRequests: atMost,
        requests: [
          {
            setupRequest: () => {
              // autocannon asks for a request just before writing it.
              const i = next++;
              const { conversation, fromBuyer } = writerOf(i, CONVERSATIONS);
              const c = conversations[conversation]!;
              sentAt[i] = performance.now();
              return {
                method: 'POST',
                path: `/api/conversations/${c.id}/messages`,
                headers: {
                  'content-type': 'application/json',
                  origin: url,
                  authorization: `Bearer ${(fromBuyer ? c.buyer : c.seller).token}`,
                },
                body: JSON.stringify({ text: messageText(i) }),
              };
            },
            onResponse: (status: number, body: string) => {
              const i = status === 201 ? messageNumber(body) : undefined;
              if (i !== undefined) answered.set(i, performance.now());
            },
          },
        ],
      });
    checked(await run(WARMUP, Math.floor(allowance * WARMUP_SHARE)), 'chat warm-up');
    const first = next;
    const start = performance.now();
    const measured = checked(await run(DURATION, allowance - next), 'POST /api/conversations/{id}/messages');
    const last = next;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (misdelivered) throw new Error(`${misdelivered} messages reached a stream not of their recipient, or twice`);

    const delays: number[] = [];
    let lost = 0;
    let sent = 0;
    let end = start;
    /** From the POST's answer being read to the event being read (the server writes the event first). */
    const afterAnswer: number[] = [];
    for (let i = first; i < last; i += 1) {
      const answer = answered.get(i);
      if (answer === undefined) continue;
      sent += 1;
      end = Math.max(end, answer);
      const at = deliveredAt.get(i);
      if (at === undefined) lost += 1;
      else {
        delays.push(at - sentAt[i]!);
        afterAnswer.push(at - answer);
      }
    }
    const seconds = (end - start) / 1000;
    if (next >= allowance)
      console.log(`  the measured messages reached the people's allowance after ${seconds.toFixed(1)} s`);
    const results: ChatResults = {
      conversations: CONVERSATIONS,
      streams: streams.length,
      connections: CONNECTIONS,
      per_s: Math.round(sent / seconds),
      seconds: Number(seconds.toFixed(1)),
      p50_ms: measured.latency.p50,
      p99_ms: measured.latency.p99,
      delivery_p50_ms: percentile(delays, 50),
      delivery_p99_ms: percentile(delays, 99),
      delivery_max_ms: percentile(delays, 100),
      delivered: delays.length,
      lost,
      load_1m: Number(loadavg()[0]!.toFixed(2)),
      setup_ms: setupMs,
    };
    console.log(
      `  ${results.per_s} messages/s (POST p99 ${results.p99_ms} ms); delivery p50 ${results.delivery_p50_ms} ms, ` +
        `p99 ${results.delivery_p99_ms} ms, max ${results.delivery_max_ms} ms over ${results.delivered} messages, ` +
        `${lost} lost; read ${percentile(afterAnswer, 50)} ms (p50), ${percentile(afterAnswer, 99)} ms (p99) after the answer; ` +
        `load ${results.load_1m}`,
    );
    return results;
  } finally {
    for (const s of streams) s.close();
    if (server) await stopServer(server);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}

/** Issue 38's target, with the rate at 50 connections beside it (recorded, no target of its own). */
export function chatTargets(r: ChatResults | undefined): [string, boolean][] {
  if (!r) return [['chat: not measured', false]];
  return [
    [
      `chat: a message reaches the other person's stream in p99 ≤ ${TARGET_P99_MS} ms with ${r.conversations} conversations streaming, PostgreSQL (p99 ${r.delivery_p99_ms} ms, ${r.lost} lost; ${r.per_s} messages/s at ${r.connections} connections)`,
      r.delivery_p99_ms !== null && r.delivery_p99_ms <= TARGET_P99_MS && r.lost === 0,
    ],
  ];
}

// Alone (`tsx bench/chat.ts`): the part, printed, nothing written.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchChat();
  console.log(r);
  for (const [label, ok] of chatTargets(r)) console.log(`${ok ? '✓' : '✗'} ${label}`);
}
