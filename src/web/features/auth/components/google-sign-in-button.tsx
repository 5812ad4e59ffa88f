import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { FaGoogle } from 'react-icons/fa';
import { startGoogleSignIn } from '../api/auth-api.ts';
import { leavePageFor } from '../api/leave-page.ts';
import { useClientConfig } from '../api/use-client-config.ts';
import { FormAlert } from './form-alert.tsx';

/** Sign in with Google (or its local stand-in); hidden when the server offers no provider. */
export function GoogleSignInButton() {
  const config = useClientConfig();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (config.data?.googleSignIn === 'none') return null;

  const onClick = async () => {
    setPending(true);
    setError(null);
    try {
      leavePageFor(await startGoogleSignIn());
      // Stay "pending": the browser is leaving for the provider's page.
    } catch (cause) {
      console.error('[auth] could not start Google sign-in:', cause);
      setError(t`Could not start sign-in with Google. Please try again.`);
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="divider my-1 text-sm text-base-content/70">{t`or`}</div>
      <button type="button" className="btn btn-outline w-full" disabled={pending} onClick={onClick}>
        {pending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : (
          <FaGoogle aria-hidden="true" />
        )}
        {t`Sign in with Google`}
      </button>
      <FormAlert message={error} />
    </div>
  );
}
