import type { ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * The button that sends a sign-in or sign-up form. The server renders it disabled, and it comes on
 * when the page's script has started: the scripts load after the page is on screen, and a form sent
 * before they ran was the browser's own submission, a GET that put the e-mail and the password in
 * the address (history, logs). The forms are method="post" as well, so even then they never go
 * into an address.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn btn-primary mt-3 w-full" disabled={busy || !hydrated}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
