import { t } from '@lingui/core/macro';
import { PageHead } from '../../components/page-head.tsx';
import { AdvertisedSection } from '../../features/catalog/components/advertised-section.tsx';
import { CategoriesSection } from '../../features/catalog/components/categories-section.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { ServicesSection } from '../../features/services/components/services-section.tsx';
import { LazyWishlistButton } from '../../features/wishlist/components/lazy-wishlist-button.tsx';
import { siteTitle } from '../../lib/site.ts';

export function HomePage() {
  return (
    <>
      <PageHead title={siteTitle()} />
      <Hero search={<SearchBox label={t`Search laptops`} size="lg" />} />
      <AdvertisedSection cardAction={(laptop) => <LazyWishlistButton laptop={laptop} />} />
      <CategoriesSection />
      <ServicesSection />
    </>
  );
}
