import { Toaster, useToasterStore } from 'react-hot-toast';

// docs/product.md#client-timings: 4 s by default and for errors, 2 s for success. At most 20 toasts: that is
// react-hot-toast's own TOAST_LIMIT (20), which the library does not let us configure, so we keep it.
export const toastDurations = { default: 4000, error: 4000, success: 2000 } as const;

/** react-hot-toast's own distance from the window's edge. */
const EDGE_PX = 16;
const GAP_PX = 8;

/**
 * Where the toasts start: under the site's header while it is on screen, so a toast never lies over
 * the main menu (a click on Home just after "laptop advertised successfully" reached the toast,
 * not the link), and at the window's top once the page has scrolled it away. The navbar's header
 * is the page's first (the root layout renders it before any page's own).
 */
function toastsTop(): number {
  const header = document.querySelector('header');
  return Math.max(EDGE_PX, (header?.getBoundingClientRect().bottom ?? 0) + GAP_PX);
}

/**
 * The toaster, loaded and mounted with the page's first toast (lib/toast.ts, app/providers.tsx).
 * Once mounted it stays: unmounting it when the last toast left lost a toast raised in that moment.
 */
export function AppToaster() {
  // Rendered again with every toast, so each new one is placed by where the header is now.
  useToasterStore();
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: toastsTop() }}
      toastOptions={{
        duration: toastDurations.default,
        error: { duration: toastDurations.error },
        success: { duration: toastDurations.success },
      }}
    />
  );
}
