import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { isApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';

/**
 * Where PHONE_VERIFICATION=required refused a listing or a booking for want of a verified phone
 * (docs/product.md#phone-verification): a link to the page where one is verified.
 */
export function VerifyPhoneLink({ error }: { error: unknown }) {
  if (!isApiError(error) || error.reason !== 'phone_verification_required') return null;
  return (
    <Link to={paths.account} className="link font-semibold">
      {t`Verify your phone number`}
    </Link>
  );
}
