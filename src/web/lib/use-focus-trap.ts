import { type RefObject, useEffect, useRef } from 'react';

// Focus for a panel that opens over the page (the search filters' drawer and the dashboard menu on a
// phone): a native <dialog> does this itself, a daisyUI drawer does not. Written here rather than
// taken from a library (focus-trap): what a drawer needs is these few lines, on a page whose chunk
// every search downloads.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach in `panel`: visible controls, and of a radio group only its checked radio. */
function tabbable(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.getClientRects().length === 0) return false;
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || element.checked) return true;
    return !panel.querySelector(`input[type="radio"][name="${CSS.escape(element.name)}"]:checked`);
  });
}

/**
 * While `open`: the focus moves into `panel` once it is shown (`revealMs`: daisyUI's drawer slides in
 * after 0.1 s, and a hidden control cannot take the focus), Tab and Shift+Tab stay inside it, and
 * Escape calls `close`. When it closes, the focus goes back to `opener`.
 */
export function useFocusTrap(
  open: boolean,
  panel: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
  close: () => void,
  revealMs = 150,
): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    let backwards = false;
    const timer = setTimeout(() => {
      if (panel.current) tabbable(panel.current)[0]?.focus();
    }, revealMs);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      else if (event.key === 'Tab') backwards = event.shiftKey;
    };
    // Tab past either end lands outside the panel: bring it back to the other end.
    const onFocusIn = (event: FocusEvent) => {
      const root = panel.current;
      if (!root || root.contains(event.target as Node)) return;
      const items = tabbable(root);
      (backwards ? items.at(-1) : items[0])?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      opener.current?.focus();
    };
  }, [open, panel, opener, revealMs]);
}
