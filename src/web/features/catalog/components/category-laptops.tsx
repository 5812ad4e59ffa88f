import { capitalize } from '../../../lib/format.ts';
import { useCategoryLaptops } from '../api/use-category-laptops.ts';
import { LaptopCard } from './laptop-card.tsx';
import { LaptopGrid } from './laptop-grid.tsx';

export function categoryTitle(name: string): string {
  return `${capitalize(name)} Laptops`;
}

export function CategoryLaptops({ name }: { name: string }) {
  const { data: laptops } = useCategoryLaptops(name);
  // Spec §2: the heading takes the category from the first laptop loaded; an empty category
  // still deserves a heading, so the URL's name stands in.
  const title = categoryTitle(laptops[0]?.category ?? name);
  return (
    <>
      <title>{`${title} — Laptop Haat`}</title>
      <h1 className="mb-8 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {laptops.length === 0 ? (
        <p className="py-10 text-center text-base-content/70">
          No laptops are listed in this category yet. Please check back soon.
        </p>
      ) : (
        <LaptopGrid>
          {laptops.map((laptop) => (
            <LaptopCard key={laptop._id} laptop={laptop} headingLevel="h2" />
          ))}
        </LaptopGrid>
      )}
    </>
  );
}
