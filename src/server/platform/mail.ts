import { createTransport } from 'nodemailer';
import type { Config } from './config.ts';

// E-mail (docs/operations.md#mail): over SMTP when SMTP_URL is set (required in production);
// outside production without it, a mailbox in memory that the /dev/mail page shows, so that a
// developer can follow a reset link without a mail server.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message (or the mailbox has kept it). */
  send(mail: Mail): Promise<void>;
  /** The messages kept in memory, newest first: only the stand-in outside production has any. */
  readonly kept: readonly KeptMail[] | undefined;
  close(): void;
}

export interface KeptMail extends Mail {
  from: string;
  at: Date;
}

/** How many messages the stand-in keeps; older ones are dropped. */
export const KEPT_MAILS = 50;

// A mail server that does not answer must not hold a send for minutes (nodemailer's defaults are
// 2 minutes to connect and 10 of silence).
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(config: Pick<Config, 'env' | 'mail'>): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transport = createTransport({ url: smtpUrl, ...TIMEOUTS }, { from });
    return {
      kept: undefined,
      async send(mail) {
        await transport.sendMail(mail);
      },
      close: () => transport.close(),
    };
  }
  if (config.env === 'production') {
    // loadConfig refuses production without SMTP_URL; a hand-built config still never keeps mail.
    return {
      kept: undefined,
      send: () => Promise.reject(new Error('SMTP_URL is not set: e-mail cannot be sent in production')),
      close: () => {},
    };
  }
  const kept: KeptMail[] = [];
  return {
    kept,
    async send(mail) {
      kept.unshift({ ...mail, from, at: new Date() });
      kept.length = Math.min(kept.length, KEPT_MAILS);
    },
    close: () => {},
  };
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Outside production without SMTP_URL: the kept messages, newest first, for a developer to follow their links. */
export function keptMailPage(mailer: Mailer): string {
  const links = (text: string) =>
    escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const items = (mailer.kept ?? []).map(
    (m) =>
      `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · from ${escapeHtml(m.from)} · ${m.at.toISOString()}</p><pre>${links(m.text)}</pre></article><hr>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail kept in development</title></head><body><h1>Mail kept in development</h1><p>SMTP_URL is not set: e-mail is kept here instead of being sent, the last ${KEPT_MAILS} messages, newest first, until the server stops. Never in production.</p>${items.join('') || '<p>No e-mail yet.</p>'}</body></html>`;
}
