import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { Seller } from '../../../../shared/sellers.ts';
import { SellerRating } from '../../../components/seller-rating.tsx';
import { formatCount, formatPostDate } from '../../../lib/format.ts';

/** Is the seller's phone confirmed: read from the record, and shown as a badge beside the admin's mark. */
function PhoneVerified() {
  return <span className="badge badge-success badge-soft">{t`Phone verified`}</span>;
}

/**
 * The head of a seller's page (docs/product.md#seller-pages): who, whether the admin verified them
 * and since when, whether their phone is confirmed, since when they are here, how many laptops they
 * sold and what their buyers said on average. The catalog's verified mark comes from the page
 * (`verifiedMark`), so every list and page shows the same one.
 */
export function SellerProfile({ seller, verifiedMark }: { seller: Seller; verifiedMark: ReactNode }) {
  const sold = formatCount(seller.sold_count);
  return (
    <header className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-3xl font-bold tracking-tight break-words" translate="no">
          {seller.name}
        </h1>
        {seller.verified ? verifiedMark : null}
        {seller.phone_verified ? <PhoneVerified /> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/70">{t`Verified`}</dt>
        <dd>
          {seller.verified
            ? seller.verified_at
              ? t`Verified by Laptop Haat since ${formatPostDate(seller.verified_at)}`
              : t`Verified by Laptop Haat`
            : t`Not verified yet`}
        </dd>
        <dt className="text-base-content/70">{t`Member since`}</dt>
        <dd>
          <time dateTime={seller.member_since}>{formatPostDate(seller.member_since)}</time>
        </dd>
        <dt className="text-base-content/70">{t`Laptops sold`}</dt>
        <dd>{seller.sold_count === 1 ? t`1 laptop` : t`${sold} laptops`}</dd>
        <dt className="text-base-content/70">{t`Rating`}</dt>
        <dd>
          <SellerRating rating={seller.rating} empty={t`No ratings yet`} />
        </dd>
      </dl>
    </header>
  );
}
