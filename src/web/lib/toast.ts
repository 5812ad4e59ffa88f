// Toasts (docs/product.md#client-timings) without react-hot-toast on the first load: the library and
// its toaster arrive with the first toast a page raises, which most first visits never do. Call
// sites use `toast`, `toast.success` and `toast.error` as react-hot-toast's own.

type HotToast = typeof import('react-hot-toast').default;

interface ToastOptions {
  icon?: string;
  duration?: number;
}

let library: Promise<HotToast> | undefined;
const firstToastListeners = new Set<() => void>();

function show(raise: (hotToast: HotToast) => void): void {
  if (!library) {
    library = import('react-hot-toast').then((module) => module.default);
    for (const listener of firstToastListeners) listener();
    firstToastListeners.clear();
  }
  void library.then(raise);
}

/** Calls `listener` once, when the page raises its first toast (at once if it already has). */
export function onFirstToast(listener: () => void): () => void {
  if (library) {
    listener();
    return () => {};
  }
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}

export const toast = Object.assign(
  (message: string, options?: ToastOptions) => show((hotToast) => hotToast(message, options)),
  {
    success: (message: string) => show((hotToast) => hotToast.success(message)),
    error: (message: string) => show((hotToast) => hotToast.error(message)),
  },
);
