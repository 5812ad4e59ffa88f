import { BsPatchCheckFill } from 'react-icons/bs';

export function VerifiedMark() {
  return (
    <span role="img" aria-label="Verified seller" title="Verified seller" className="inline-flex text-info">
      <BsPatchCheckFill aria-hidden="true" focusable="false" />
    </span>
  );
}
