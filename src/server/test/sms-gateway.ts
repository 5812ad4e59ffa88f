import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in SMS gateway for tests: an HTTP server on its own port on 127.0.0.1 that takes
// `POST /send` as the real gateway contract has it (bearer token, JSON `{ to, text }`), keeps what
// it received, and can be told to fail the next requests.

export interface ReceivedSms {
  to: string;
  text: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

export interface TestSmsGateway {
  /** The URL to configure as SMS_GATEWAY_URL. */
  url: string;
  /** Every request that reached it, failed ones included, in order. */
  requests: ReceivedSms[];
  /** The messages it took (answered 2xx). */
  received: ReceivedSms[];
  /** The next `count` requests are answered `status`. */
  failNext(count: number, status?: number): void;
  /** The last message taken for `to`; throws if there is none. */
  lastTo(to: string): ReceivedSms;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSmsGateway(): Promise<TestSmsGateway> {
  const requests: ReceivedSms[] = [];
  const received: ReceivedSms[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await bodyOf(request)) as { to: string; text: string };
    const sms = {
      to: body.to,
      text: body.text,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
    };
    requests.push(sms);
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      response.writeHead(failures.status).end('{"error":"gateway down"}');
      return;
    }
    received.push(sms);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    requests,
    received,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    lastTo(to) {
      const sms = received.findLast((m) => m.to === to);
      if (!sms) throw new Error(`no SMS to ${to}`);
      return sms;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The code in an SMS's text. */
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
