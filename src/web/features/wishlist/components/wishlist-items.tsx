import { useId } from 'react';
import { Link } from 'react-router';
import type { WishlistItem } from '../../../../shared/wishlist.ts';
import { LaptopImage } from '../../../components/laptop-image.tsx';
import { formatPostDate, formatTk } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { WISHLIST_TEXTS } from '../messages.ts';

interface WishlistItemsProps {
  items: WishlistItem[];
  onRemove: (item: WishlistItem) => void;
}

/** My Wishlist's saved laptops (docs/product.md#my-wishlist), one small card each. */
export function WishlistItems({ items, onRemove }: WishlistItemsProps) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <WishlistRow key={item._id} item={item} onRemove={() => onRemove(item)} />
      ))}
    </ul>
  );
}

/**
 * The photo and name (both open the laptop's page), today's price, "Sold" once it is sold, the
 * price it had when saved if it has dropped since, and Remove.
 */
function WishlistRow({ item, onRemove }: { item: WishlistItem; onRemove: () => void }) {
  const nameId = useId();
  const sold = item.salesStatus === 'sold';
  const dropped = !sold && item.resale_price < item.saved_price;
  const page = paths.laptop(item._id, item.laptop_name);
  return (
    // On a phone Remove goes under the words, which then have the row's width beside the photo.
    <li className="grid grid-cols-[5rem_minmax(0,1fr)] items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex sm:gap-4">
      <Link to={page} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 overflow-hidden rounded-field sm:w-28">
        <LaptopImage
          photo={item.cover_photo}
          src={item.laptop_img}
          alt=""
          sizes="112px"
          className={sold ? 'opacity-60 grayscale' : ''}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={nameId} className="font-semibold leading-snug break-words">
          <Link to={page} className="link-hover link" translate="no">
            {item.laptop_name}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className={`font-bold ${sold ? 'text-base-content/60' : 'text-primary'}`}>{formatTk(item.resale_price)}</p>
          {sold ? <span className="badge badge-error">{WISHLIST_TEXTS.sold}</span> : null}
          {dropped ? (
            // A badge is one line high: the label wraps on a phone, so it grows with it.
            <p className="badge badge-success badge-soft h-auto min-h-5 py-0.5 font-medium">
              {WISHLIST_TEXTS.priceDropped(item.saved_price)}
            </p>
          ) : null}
        </div>
        <p className="text-xs text-base-content/60">
          <time dateTime={item.saved_at}>{WISHLIST_TEXTS.savedOn(formatPostDate(item.saved_at))}</time>
        </p>
      </div>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm col-start-2 shrink-0 justify-self-start"
        aria-describedby={nameId}
        onClick={onRemove}
      >
        {WISHLIST_TEXTS.removeButton}
      </button>
    </li>
  );
}
