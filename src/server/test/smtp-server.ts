import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server (smtp-server) for tests of e-mail: its own port on 127.0.0.1, no TLS and no
// login, every message parsed (mailparser) and kept.

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The language the HTML declares (`<html lang>`). */
  lang: string | undefined;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Takes the first message to `to` from `received`, waiting up to `timeoutMs` for one. */
  mailTo(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function toMail(parsed: ParsedMail, envelopeTo: string[]): ReceivedMail {
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  return {
    to: envelopeTo,
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html,
    lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
  };
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream).then(
        (parsed) => {
          received.push(toMail(parsed, envelopeTo));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async mailTo(to, { timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to.toLowerCase()));
        if (mail) {
          received.splice(received.indexOf(mail), 1);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of a reset link in a message's text. */
export function resetTokenOf(mail: ReceivedMail): string {
  const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
}
