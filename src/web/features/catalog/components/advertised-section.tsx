import { SectionHeading } from '../../../components/section-heading.tsx';
import { useAdvertisedLaptops } from '../api/use-advertised-laptops.ts';
import { LaptopCard } from './laptop-card.tsx';
import { LaptopGrid } from './laptop-grid.tsx';

// docs/product.md#home: the section exists only when there is something advertised. While loading or after a
// failure (already logged by the query cache) it stays hidden too, so the page never shows a gap.
export function AdvertisedSection() {
  const { data: laptops } = useAdvertisedLaptops();
  if (!laptops || laptops.length === 0) return null;
  return (
    <section aria-labelledby="advertised-heading" className="py-14">
      <SectionHeading id="advertised-heading" title="Advertised Laptops">
        Hand-picked deals from our sellers, available right now.
      </SectionHeading>
      <LaptopGrid>
        {laptops.map((laptop) => (
          <LaptopCard key={laptop._id} laptop={laptop} />
        ))}
      </LaptopGrid>
    </section>
  );
}
