import { type RefObject, useEffect, useRef } from 'react';

/**
 * Opens the <dialog> behind `ref` as a native modal once the component mounts: the rest of the page
 * is inert (focus stays inside) and Escape raises its cancel event. `onOpen` runs right after (to
 * focus the field that matters). With `returnFocus`, unmounting closes the dialog and gives the
 * focus back to whatever had it when the dialog opened.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  { onOpen, returnFocus = false }: { onOpen?: () => void; returnFocus?: boolean } = {},
): void {
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    // jsdom (component tests) has no showModal; the open attribute shows the dialog there.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    opened.current?.();
    if (!returnFocus) return;
    return () => {
      // Close before giving the focus back: while a modal dialog is open the rest of the page
      // cannot take the focus, and StrictMode (development) runs this with the dialog still there.
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [ref, returnFocus]);
}
