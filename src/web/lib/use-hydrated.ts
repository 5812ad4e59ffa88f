import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the page the server rendered and while React hydrates it; true once the page's script
 * runs it. React renders the server's value while hydrating, then this one's, so the two agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
