import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
// A local push service (RFC 8030) that checks the VAPID signature, decrypts what it receives (RFC
// 8291) and keeps it to be read back; `expire` makes a subscription answer 410, as a browser's does
// once its user revoked the permission.
import WebPushTestingServer from 'web-push-testing/src/server.js';
import { freePort } from './ports.ts';

/** A subscription as PushSubscription.toJSON() gives it, and the push service's id for it. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  /** A browser's subscription with the app's VAPID public key as applicationServerKey. */
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** What the push service received for it, decrypted. */
  messages(subscription: TestSubscription): Promise<string[]>;
  /** From now on the push service answers 410 Gone for it. */
  expire(subscription: TestSubscription): Promise<void>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const port = await freePort();
  const service = new WebPushTestingServer(new PushApiModel(), port);
  const log = console.log;
  // It says "Server running on port …" when it starts: nothing the test needs to read.
  console.log = () => {};
  try {
    service.startServer();
  } finally {
    console.log = log;
  }
  const server = (service as unknown as { _server: Server })._server;
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://localhost:${port}`;
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  return {
    async subscribe(applicationServerKey) {
      // The push service reads the flag as a form field would carry it.
      const res = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return ((await res.json()) as { data: TestSubscription }).data;
    },
    async messages(subscription) {
      const res = await post('/get-notifications', { clientHash: subscription.clientHash });
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(subscription) {
      await post(`/expire-subscription/${subscription.clientHash}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A well-formed subscription of a push service nobody runs (for the routes that only store it). */
export function subscriptionLike(): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.test/send/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
