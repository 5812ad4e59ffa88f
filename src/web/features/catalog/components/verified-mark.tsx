import { t } from '@lingui/core/macro';
import { Icon } from '../../../components/icon.tsx';

export function VerifiedMark() {
  return (
    <span role="img" aria-label={t`Verified seller`} title={t`Verified seller`} className="inline-flex text-info">
      <Icon name="patch-check" />
    </span>
  );
}
