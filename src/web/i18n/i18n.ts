import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../shared/locale.ts';
import { setBanglaFormats } from '../lib/format.ts';
import { loadOnce } from '../lib/load-once.ts';
import { messages as englishFirst } from '../locales/en/first.ts';

// The browser's language (docs/i18n.md): the one the server rendered the page in (`<html lang>`),
// for the life of the page. Messages come in two parts so that a page downloads only what it
// shows: those of the first load with the app's entry, the rest with the first lazy page or
// component that needs them (`withPageMessages`). Components translate through Lingui's global
// `i18n` (the `t` macro): one language per page in the browser, and on the server each page is
// rendered synchronously right after its language is activated (entry-server.tsx).

const firstMessages: Record<Locale, () => Promise<Messages>> = {
  en: async () => englishFirst,
  bn: async () => {
    const [messages, formats] = await Promise.all([import('../locales/bn/first.ts'), import('../lib/format-bn.ts')]);
    setBanglaFormats(formats);
    return messages.messages;
  },
};

const pageMessages: Record<Locale, () => Promise<Messages>> = {
  en: async () => (await import('./pages-en.ts')).messages,
  bn: async () => (await import('./pages-bn.ts')).messages,
};

/** The language the page was rendered in. */
export function pageLocale(): Locale {
  return document.documentElement.lang === 'bn' ? 'bn' : 'en';
}

/** Loads the first load's messages of `locale` and makes it the language of the page. */
export async function activateLocale(locale: Locale): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await firstMessages[locale]() });
}

/** Adds the page's language's catalog of `catalogs` to the messages already loaded. */
export async function loadCatalog(catalogs: Record<Locale, () => Promise<Messages>>): Promise<void> {
  const locale = i18n.locale as Locale;
  i18n.load(locale, await catalogs[locale]());
}

/** Loads the messages of the pages beyond the first load (once). */
export const loadPageMessages = loadOnce(() => loadCatalog(pageMessages));

/** `load` (a lazy page or component), resolved once the messages it shows are loaded too. */
export function withPageMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadPageMessages()]))[0];
}
