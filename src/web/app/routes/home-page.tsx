import { PageTitle } from '../../components/page-title.tsx';
import { AdvertisedSection } from '../../features/catalog/components/advertised-section.tsx';
import { CategoriesSection } from '../../features/catalog/components/categories-section.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { ServicesSection } from '../../features/services/components/services-section.tsx';

export function HomePage() {
  return (
    <>
      <PageTitle>Laptop Haat — used laptops in Bangladesh</PageTitle>
      <Hero />
      <AdvertisedSection />
      <CategoriesSection />
      <ServicesSection />
    </>
  );
}
