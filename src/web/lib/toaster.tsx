import { useLayoutEffect, useState } from 'react';
import { Toaster, useToasterStore } from 'react-hot-toast';

// docs/product.md#client-timings: 4 s by default and for errors, 2 s for success. At most 20 toasts: that is
// react-hot-toast's own TOAST_LIMIT (20), which the library does not let us configure, so we keep it.
export const toastDurations = { default: 4000, error: 4000, success: 2000 } as const;

/** react-hot-toast's own distance from the window's edge. */
const EDGE_PX = 16;
const GAP_PX = 8;

/**
 * Where the toasts start: under the site's header while it is on screen, so that no toast lies over
 * the main menu (a click on Home just after "laptop advertised successfully" reached the toast,
 * not the link), and at the window's top once the page has scrolled it away. The navbar's header
 * is the page's first (the root layout renders it before any page's own).
 */
function toastsTop(): number {
  const header = document.querySelector('header');
  return Math.max(EDGE_PX, (header?.getBoundingClientRect().bottom ?? 0) + GAP_PX);
}

/**
 * `toastsTop()` when toasts come (before they are painted: the toaster is only ever in the
 * browser), then followed as the page scrolls or resizes while they are shown, once a frame at most.
 */
function useToastsTop(showing: boolean): number {
  const [top, setTop] = useState(toastsTop);
  useLayoutEffect(() => {
    if (!showing) return;
    setTop(toastsTop());
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTop(toastsTop()));
    };
    addEventListener('scroll', follow, { passive: true });
    addEventListener('resize', follow, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', follow);
      removeEventListener('resize', follow);
    };
  }, [showing]);
  return top;
}

/**
 * The toaster, loaded and mounted with the page's first toast (lib/toast.ts, app/providers.tsx).
 * Once mounted it stays: unmounting it when the last toast left lost a toast raised in that moment.
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  const top = useToastsTop(toasts.some((t) => t.visible));
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top }}
      toastOptions={{
        duration: toastDurations.default,
        error: { duration: toastDurations.error },
        success: { duration: toastDurations.success },
      }}
    />
  );
}
