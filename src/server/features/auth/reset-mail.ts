import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locale.ts';
import { escapeHtml, type Mail } from '../../platform/mail.ts';
import { pageLanguage } from '../pages/language.ts';

// The password-reset e-mail, in the language the person uses on the site (docs/i18n.md). The
// server sends no other e-mail, so its two texts live here rather than in the web app's catalogs
// (docs/decisions/0026-password-reset-by-e-mail.md).

interface ResetTexts {
  subject: string;
  greeting: (name: string) => string;
  asked: (minutes: number) => string;
  button: string;
  once: string;
  notYou: string;
}

const TEXTS: Record<Locale, ResetTexts> = {
  en: {
    subject: 'Reset your Laptop Haat password',
    greeting: (name) => `Hello ${name},`,
    asked: (minutes) =>
      `We were asked to reset the password of your Laptop Haat account. Open this link within ${minutes} minutes to choose a new one:`,
    button: 'Choose a new password',
    once: 'The link works once. When you set a new password, every device signed in to your account is logged out.',
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  bn: {
    subject: 'আপনার Laptop Haat পাসওয়ার্ড রিসেট করুন',
    greeting: (name) => `প্রিয় ${name},`,
    asked: (minutes) =>
      `আপনার Laptop Haat অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। নতুন পাসওয়ার্ড বেছে নিতে ${bengaliDigits(minutes)} মিনিটের মধ্যে এই লিংকটি খুলুন:`,
    button: 'নতুন পাসওয়ার্ড বেছে নিন',
    once: 'লিংকটি একবারই কাজ করবে। নতুন পাসওয়ার্ড দেওয়ার পর আপনার অ্যাকাউন্টে লগ ইন করা সব ডিভাইস থেকে লগ আউট হয়ে যাবে।',
    notYou: 'আপনি এই অনুরোধ না করে থাকলে ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
  },
};

function bengaliDigits(n: number): string {
  return String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
}

export function resetPasswordMail({
  to,
  name,
  link,
  minutes,
  locale,
}: {
  to: string;
  name: string;
  link: string;
  minutes: number;
  locale: Locale;
}): Mail {
  const x = TEXTS[locale];
  const text = [x.greeting(name), '', x.asked(minutes), link, '', x.once, '', x.notYou, '', '— Laptop Haat', ''].join(
    '\n',
  );
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    p(x.greeting(name)),
    p(x.asked(minutes)),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(x.button)}</a></p>`,
    `<p style="word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    p(x.once),
    p(x.notYou),
    p('— Laptop Haat'),
    '</body></html>',
  ].join('\n');
  return { to, subject: x.subject, text, html };
}

/**
 * The language of the person asking, as a page for them would be rendered (features/pages/language.ts):
 * `?lang=`, the `lang` cookie, then Accept-Language.
 */
export function localeOfRequest(request: Request | undefined): Locale {
  if (!request) return DEFAULT_LOCALE;
  const url = new URL(request.url);
  const headers: IncomingHttpHeaders = {};
  const cookie = request.headers.get('cookie');
  const accepted = request.headers.get('accept-language');
  if (cookie) headers.cookie = cookie;
  if (accepted) headers['accept-language'] = accepted;
  return pageLanguage({ url: `${url.pathname}${url.search}`, headers } as IncomingMessage).locale;
}
