import { escapeHtml } from '../mail.ts';
import type { KeptSms, SmsSender } from './sms.ts';

// The stand-in gateway outside production: messages are kept in memory, newest first, and the
// /dev/sms page shows them, as /dev/mail shows e-mail. Never in production (sms.ts).

/** How many messages the stand-in keeps; older ones are dropped. */
export const KEPT_SMS = 50;

export function keptMessages(): SmsSender {
  const kept: KeptSms[] = [];
  return {
    kept,
    async send(sms) {
      kept.unshift({ ...sms, at: new Date() });
      kept.length = Math.min(kept.length, KEPT_SMS);
    },
  };
}

/** The kept messages as a page, newest first. */
export function keptSmsPage(sender: SmsSender): string {
  const items = (sender.kept ?? []).map(
    (m) =>
      `<article><p>To ${escapeHtml(m.to)} · ${m.at.toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article><hr>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS kept in development</title></head><body><h1>SMS kept in development</h1><p>SMS_GATEWAY_URL is not set: text messages are kept here instead of being sent, the last ${KEPT_SMS}, newest first, until the server stops. Never in production.</p>${items.join('') || '<p>No SMS yet.</p>'}</body></html>`;
}
