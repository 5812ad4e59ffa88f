import { AdvertisedSection } from '../../features/catalog/components/advertised-section.tsx';
import { CategoriesSection } from '../../features/catalog/components/categories-section.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { ServicesSection } from '../../features/services/components/services-section.tsx';

export function HomePage() {
  return (
    <>
      <title>Laptop Haat — used laptops in Bangladesh</title>
      <Hero />
      <AdvertisedSection />
      <CategoriesSection />
      <ServicesSection />
    </>
  );
}
