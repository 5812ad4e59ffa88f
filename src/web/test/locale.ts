import { i18n } from '@lingui/core';
import type { Locale } from '../../shared/locale.ts';
import { messages as banglaPages } from '../i18n/pages-bn.ts';
import { messages as englishPages } from '../i18n/pages-en.ts';
import { setBanglaFormats } from '../lib/format.ts';
import * as banglaFormats from '../lib/format-bn.ts';
import { messages as banglaFirst } from '../locales/bn/first.ts';
import { messages as englishFirst } from '../locales/en/first.ts';

// Component tests render in one language, English unless a test says otherwise, with all of its
// messages loaded (as the server renders: entry-server.tsx).
i18n.load({ en: { ...englishFirst, ...englishPages }, bn: { ...banglaFirst, ...banglaPages } });
setBanglaFormats(banglaFormats);

export function renderIn(locale: Locale): void {
  i18n.activate(locale);
}
