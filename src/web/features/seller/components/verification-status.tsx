import { t } from '@lingui/core/macro';
import { USER_MESSAGES } from '../../../../shared/users.ts';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { useMe } from '../../../lib/me.ts';
import { toast } from '../../../lib/toast.ts';
import { useRequestVerification } from '../api/use-request-verification.ts';

// The seller's verification on their dashboard (docs/product.md#seller-verification): whether
// buyers see the verified mark on their laptops, and how to ask the admin for it.

export function VerificationStatus() {
  const me = useMe();
  const request = useRequestVerification();
  const state = me.data?.verification;
  if (!state) return null;

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(translateMessage(USER_MESSAGES.verificationRequested)),
      onError: (error) => toast.error(errorText(error, t`Something went wrong. Please try again.`)),
    });

  return (
    <section
      aria-labelledby="verification-heading"
      className="max-w-prose rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <h3 id="verification-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {t`Verification`}
        <span
          className={`badge badge-soft ${state === 'verified' ? 'badge-success' : state === 'requested' ? 'badge-warning' : 'badge-neutral'}`}
        >
          {state === 'verified' ? t`Verified` : state === 'requested' ? t`Requested` : t`Not verified`}
        </span>
      </h3>
      <p className="mt-2 text-sm text-base-content/75">
        {state === 'verified'
          ? t`Buyers see the verified mark beside your name on every laptop you list.`
          : state === 'requested'
            ? t`You asked to be verified. The admin will check your account and your listings; the mark then shows on all your laptops.`
            : t`Verified sellers show a mark that buyers trust. Ask the admin to verify you: they check your account and your listings.`}
      </p>
      {state === 'unverified' ? (
        <button type="button" className="btn btn-primary btn-sm mt-3" disabled={request.isPending} onClick={ask}>
          {request.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {t`Request verification`}
        </button>
      ) : null}
    </section>
  );
}
