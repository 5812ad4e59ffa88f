import { Toaster } from 'react-hot-toast';

// docs/product.md#client-timings: 4 s by default and for errors, 2 s for success. At most 20 toasts: that is
// react-hot-toast's own TOAST_LIMIT (20), which the library does not let us configure, so we keep it.
export const toastDurations = { default: 4000, error: 4000, success: 2000 } as const;

/**
 * The toaster, loaded and mounted with the page's first toast (lib/toast.ts, app/providers.tsx).
 * Once mounted it stays: unmounting it when the last toast left lost a toast raised in that moment.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: toastDurations.default,
        error: { duration: toastDurations.error },
        success: { duration: toastDurations.success },
      }}
    />
  );
}
