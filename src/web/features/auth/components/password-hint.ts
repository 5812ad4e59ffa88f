import { t } from '@lingui/core/macro';
import { PASSWORD_MIN, PASSWORD_SPECIALS } from '../../../../shared/auth.ts';
import { formatCount } from '../../../lib/format.ts';

/** The password rules in a line, under every field that sets a password (sign-up, reset). */
export const passwordHint = () => {
  const min = formatCount(PASSWORD_MIN);
  const specials = PASSWORD_SPECIALS.split('').join(' ');
  return t`At least ${min} characters, with an uppercase letter, a number and one of ${specials}`;
};
