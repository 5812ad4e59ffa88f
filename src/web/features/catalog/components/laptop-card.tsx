import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicLaptop } from '../../../../shared/laptops.ts';
import { LaptopImage } from '../../../components/laptop-image.tsx';
import { SellerRating } from '../../../components/seller-rating.tsx';
import { categoryName, conditionBadge, conditionName, placeName, timeOfUse } from '../../../i18n/labels.ts';
import { cutText, formatPostDate, formatTk } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { specSummary } from './laptop-specs.ts';
import { VerifiedMark } from './verified-mark.tsx';

/** How wide a card shows: the grids hold one card a row on phones, two from 640 px, three from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

interface LaptopCardProps {
  laptop: PublicLaptop;
  /** h3 under a section's h2 (home), h2 directly under a page's h1 (category page). */
  headingLevel?: 'h2' | 'h3';
  /** Actions such as Book Now; rendered at the bottom of the card. */
  children?: ReactNode;
  /** One small action shown over the photo's top right corner (the wishlist heart). */
  topAction?: ReactNode;
  /**
   * Skip laying out and painting the card until it nears the screen (`card-until-near`, styles.css).
   * Off where results replace results (search): a skipped card is painted a frame after it arrives,
   * so a new search showed a frame of blank boxes first.
   */
  renderWhenNear?: boolean;
  /** The photo is on the first screen: loaded at once and first (LaptopImage `priority`). */
  priority?: boolean;
}

export function LaptopCard({
  laptop,
  headingLevel = 'h3',
  children,
  topAction,
  renderWhenNear = true,
  priority = false,
}: LaptopCardProps) {
  const Heading = headingLevel;
  const postDate = formatPostDate(laptop.post_date);
  const specs = specSummary(laptop);
  return (
    <article
      className={`${renderWhenNear ? 'card-until-near ' : ''}card relative h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md`}
    >
      <figure className="bg-base-200" translate="no">
        <LaptopImage
          photo={laptop.cover_photo}
          src={laptop.laptop_img}
          alt={laptop.laptop_name}
          sizes={CARD_SIZES}
          priority={priority}
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-soft badge-primary">{conditionBadge(laptop.conditionType)}</span>
          <span className="badge badge-ghost">{categoryName(laptop.category)}</span>
          {laptop.negotiable ? <span className="badge badge-accent">{t`Negotiable`}</span> : null}
        </div>
        <Heading className="card-title text-lg leading-snug">
          {/* The name opens the laptop's own page; the card's buttons stay buttons. */}
          <Link to={paths.laptop(laptop._id, laptop.laptop_name)} className="link-hover link" translate="no">
            {laptop.laptop_name}
          </Link>
        </Heading>
        {/* Shown over the photo, but read (and reached by Tab) right after the name it acts on. */}
        {topAction ? <div className="absolute top-3 right-3">{topAction}</div> : null}
        {specs ? <p className="text-sm font-medium text-base-content/80">{specs}</p> : null}

        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/70">{t`Resale price`}</dt>
          <dd className="text-lg font-bold text-primary">{formatTk(laptop.resale_price)}</dd>
          <dt className="text-base-content/70">{t`Original price`}</dt>
          <dd className="line-through decoration-base-content/50">{formatTk(laptop.original_price)}</dd>
          <dt className="text-base-content/70">{t`Years of use`}</dt>
          <dd>{timeOfUse(laptop.usage_months)}</dd>
          <dt className="text-base-content/70">{t`Condition`}</dt>
          <dd>{conditionName(laptop.conditionType)}</dd>
          <dt className="text-base-content/70">{t`Location`}</dt>
          <dd>{placeName(laptop.location, laptop.area)}</dd>
          <dt className="text-base-content/70">{t`Posted`}</dt>
          <dd>
            <time dateTime={laptop.post_date}>{postDate}</time>
          </dd>
          <dt className="text-base-content/70">{t`Seller`}</dt>
          <dd className="flex min-w-0 items-center gap-1.5">
            <Link to={paths.seller(laptop.seller_id)} className="link-hover link truncate" translate="no">
              {laptop.seller_name}
            </Link>
            {laptop.seller_verified ? <VerifiedMark /> : null}
            <SellerRating rating={laptop.seller_rating} />
          </dd>
        </dl>

        <p className="text-sm leading-relaxed text-base-content/80" translate="no">
          {cutText(laptop.laptopDesc)}
        </p>

        {children ? <div className="card-actions mt-auto justify-end pt-2">{children}</div> : null}
      </div>
    </article>
  );
}
