import { useSyncExternalStore } from 'react';

// Whether the page is looked at (its tab in front, the phone awake): a message is read only then.

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.visibilityState === 'visible',
    // Rendered on the server: nobody looks at it yet.
    () => false,
  );
}
