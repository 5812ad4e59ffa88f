import { createHash } from 'node:crypto';

// The one inline script a page carries, in its head (docs/rendering.md): the page names its entry
// and chunks itself, and they run once the page is parsed, but on a slow phone the page is on
// screen before they have arrived. A tap on a control only the app drives (the menu, a heart, Book
// Now) would do nothing then; this keeps it, and the app clicks it again once it has hydrated
// (`ReplayEarlyTaps`, src/web/app/main.tsx). The page's CSP allows it by its hash (headers.ts).

/**
 * Runs in the browser, as `EARLY_TAPS_SCRIPT`: its source is what the page carries, so it uses
 * nothing outside itself.
 */
function keepEarlyTaps() {
  const taps: Element[] = [];
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest('button, [role="button"]');
    // Links, form fields and a form that names where it goes work without the app: the browser's.
    if (!control || control.closest('a[href]')) return;
    if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form?.hasAttribute('action')) {
      return;
    }
    event.preventDefault();
    // The last one is what the person meant: tapping twice while waiting must not toggle twice.
    taps.splice(0, taps.length, control);
  };
  document.addEventListener('click', onClick, true);
  (window as unknown as { __earlyTaps: { take: () => Element[] } }).__earlyTaps = {
    take() {
      document.removeEventListener('click', onClick, true);
      return taps.splice(0);
    },
  };
}

/** The inline script's text: `keepEarlyTaps`'s source, called at once. */
export const EARLY_TAPS_SCRIPT = `(${keepEarlyTaps.toString()})()`;

/** A CSP source that allows the inline script whose text is `body` (and no other). */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
}

export const EARLY_TAPS_HASH = scriptHash(EARLY_TAPS_SCRIPT);

/** The script's element, for a page's head. */
export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;
