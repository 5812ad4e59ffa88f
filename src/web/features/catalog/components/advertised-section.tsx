import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { PublicLaptop } from '../../../../shared/laptops.ts';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { useAdvertisedLaptops } from '../api/use-advertised-laptops.ts';
import { LaptopCard } from './laptop-card.tsx';
import { LaptopGrid } from './laptop-grid.tsx';

interface AdvertisedSectionProps {
  /** The action over each card's photo (the wishlist heart, composed in web/app). */
  cardAction?: (laptop: PublicLaptop) => ReactNode;
}

// docs/product.md#home: the section exists only when there is something advertised. While loading or after a
// failure (already logged by the query cache) it stays hidden too, so the page never shows a gap.
export function AdvertisedSection({ cardAction }: AdvertisedSectionProps = {}) {
  const { data: laptops } = useAdvertisedLaptops();
  if (!laptops || laptops.length === 0) return null;
  return (
    <section aria-labelledby="advertised-heading" className="py-14">
      <SectionHeading id="advertised-heading" title={t`Advertised Laptops`}>
        {t`Hand-picked deals from our sellers, available right now.`}
      </SectionHeading>
      <LaptopGrid>
        {laptops.map((laptop) => (
          <LaptopCard key={laptop._id} laptop={laptop} topAction={cardAction?.(laptop)} />
        ))}
      </LaptopGrid>
    </section>
  );
}
