import { useState } from 'react';
import { Toaster, useToasterStore } from 'react-hot-toast';

// docs/product.md#client-timings: 4 s by default and for errors, 2 s for success. At most 20 toasts: that is
// react-hot-toast's own TOAST_LIMIT (20), which the library does not let us configure, so we keep it.
export const toastDurations = { default: 4000, error: 4000, success: 2000 } as const;

export function AppToaster() {
  // Mounted with the first toast: the toaster adds its styles to the page when it renders, and a
  // page that has shown no toast (the first load of every page) is spared that work. Once mounted
  // it stays: unmounting it when the last toast is removed lost a toast raised in that moment.
  const { toasts } = useToasterStore();
  const [mounted, setMounted] = useState(false);
  if (toasts.length > 0 && !mounted) setMounted(true);
  if (!mounted && toasts.length === 0) return null;
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
