import { type RefObject, useEffect } from 'react';

// Closes a popup on Escape, on a pointer press outside `ref`, or when keyboard focus moves out
// of it (Tab past the last link), like a native menu would.
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: (viaEscape: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) close(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, open, close]);
}
