import { t } from '@lingui/core/macro';

// The messages the web app shares with the server (src/shared: validation messages of the zod
// schemas, API error messages, the spec's toasts) are English constants there: the API answers in
// English, with its codes (docs/api.md). The browser shows each in the page's language through
// this table, keyed by the English text.

const TRANSLATIONS = new Map<string, () => string>([
  // Filled per message, e.g. [LAPTOP_MESSAGES.name, () => t`laptop name is required`].
]);

/** `message` (an English text from src/shared or an API answer) in the page's language. */
export function translateMessage(message: string): string {
  return TRANSLATIONS.get(message)?.() ?? message;
}

void t;
