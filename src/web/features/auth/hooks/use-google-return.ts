import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ensureGoogleUserRecord, GOOGLE_RETURN, type GoogleReturn, startSession } from '../api/auth-api.ts';

// Word for word (docs/product.md#toasts): '{SIGN UP or LOGIN} WITH GOOGLE SUCCESSFUL'.
export const GOOGLE_TOASTS: Record<GoogleReturn, string> = {
  get signup() {
    return t`SIGN UP WITH GOOGLE SUCCESSFUL`;
  },
  get login() {
    return t`LOGIN WITH GOOGLE SUCCESSFUL`;
  },
};

function googleReturnOf(search: string): GoogleReturn | null {
  const value = new URLSearchParams(search).get(GOOGLE_RETURN.param);
  return value === GOOGLE_RETURN.login || value === GOOGLE_RETURN.signup ? value : null;
}

/**
 * The provider sends the browser back to `?google=login|signup` on whatever page. Finish the
 * sign-in there once (docs/product.md#accounts-and-sign-in): record the buyer if new, store the
 * access token, toast, and take the parameter out of the address so a reload or Back does not
 * repeat it.
 */
export function useGoogleReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  const mode = googleReturnOf(location.search);

  useEffect(() => {
    if (!mode || handled.current === location.key) return;
    handled.current = location.key;
    const params = new URLSearchParams(location.search);
    params.delete(GOOGLE_RETURN.param);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );

    void (async () => {
      const user = await startSession(queryClient).catch((error: unknown) => {
        console.error('[auth] could not load the session after Google sign-in:', error);
        return null;
      });
      if (!user) return;
      try {
        await ensureGoogleUserRecord(user);
      } catch (error) {
        console.error('[auth] could not record the Google user:', error);
      }
      toast.success(GOOGLE_TOASTS[mode]);
    })();
  }, [mode, location.key, location.pathname, location.search, location.hash, navigate, queryClient]);
}
