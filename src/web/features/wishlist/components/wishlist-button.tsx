import { useEffect, useState } from 'react';
import { FaHeart, FaRegHeart } from 'react-icons/fa6';
import { useLocation, useNavigate } from 'react-router';
import type { PublicLaptop } from '../../../../shared/laptops.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangeWishlist } from '../api/use-change-wishlist.ts';
import { useSavedIds } from '../api/use-wishlist.ts';
import { WISHLIST_TEXTS } from '../messages.ts';

export interface WishlistButtonProps {
  laptop: Pick<PublicLaptop, '_id' | 'salesStatus' | 'laptop_name'>;
  /** A round heart over a card's photo, or a button with its words (a listing page). */
  variant?: 'icon' | 'labelled';
  /** The user has a standing order for this laptop: the spec disables Add to Wishlist then. */
  ordered?: boolean;
  className?: string;
}

/**
 * The heart (docs/product.md#my-wishlist): filled and pressed when the laptop is saved; a press
 * saves or removes it. A signed-out visitor is sent to log in and brought back. Until the session
 * and the user's saves are known (the server renders every page for everyone: docs/rendering.md)
 * it cannot act, but a press then is not lost: the heart remembers what the person saw and meant
 * (save an empty heart) and does it once it knows, unless it is done already. A sold laptop can only
 * be removed, and one the user has booked cannot be added (docs/product.md#category-page), only removed.
 */
export function WishlistButton({ laptop, variant = 'icon', ordered = false, className = '' }: WishlistButtonProps) {
  const session = useSession();
  const email = session.status === 'signedIn' ? session.user.email : undefined;
  const savedIds = useSavedIds(email);
  const change = useChangeWishlist(email ?? '');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const saved = savedIds.data?.includes(laptop._id) ?? false;
  const unknown = session.status === 'loading' || (email !== undefined && savedIds.isPending);
  // Pressed before the session and the saves were known: whether the person meant to save it.
  const [meant, setMeant] = useState<boolean>();

  const act = (save: boolean) => {
    if (session.status === 'signedOut') {
      toast(WISHLIST_TEXTS.logIn, { icon: '♡' });
      // `from` is where the login page sends the user back to (FROM_PARAM in app/guards.ts).
      void navigate(`${paths.login}?${new URLSearchParams({ from: `${pathname}${search}` })}`);
      return;
    }
    if (!email || change.isPending || save === saved || (save && ordered)) return;
    change.mutate({ laptopId: laptop._id, save });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the state the press waited for is known; `act` reads it.
  useEffect(() => {
    if (meant === undefined || unknown) return;
    setMeant(undefined);
    act(meant);
  }, [meant, unknown]);

  if (laptop.salesStatus !== 'unsold' && !saved) return null;
  const disabled = meant !== undefined || (!unknown && ordered && !saved);
  const onClick = () => (unknown ? setMeant(!saved) : act(!saved));

  const label = saved ? WISHLIST_TEXTS.remove : WISHLIST_TEXTS.add;
  // A heart has no words of its own: its name says which laptop it saves (a page holds a dozen).
  const heartLabel = saved
    ? WISHLIST_TEXTS.removeNamed(laptop.laptop_name)
    : WISHLIST_TEXTS.addNamed(laptop.laptop_name);
  const icon = saved ? <FaHeart aria-hidden="true" className="text-error" /> : <FaRegHeart aria-hidden="true" />;
  if (variant === 'labelled') {
    return (
      <button
        type="button"
        className={`btn btn-outline ${className}`}
        aria-pressed={saved}
        aria-busy={meant !== undefined}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
        {label}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`btn btn-circle btn-sm border-base-300 bg-base-100/90 shadow-sm hover:bg-base-100 ${className}`}
      aria-label={heartLabel}
      title={heartLabel}
      aria-pressed={saved}
      aria-busy={meant !== undefined}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}
