import { plural, t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FaTimes } from 'react-icons/fa';
// Icons only the search and listing pages use come from react-icons/fa6: a module's icons all land
// in one chunk, so one more fa icon here would join every page's first load (docs/performance.md).
import { FaSliders } from 'react-icons/fa6';
import { Link, type LoaderFunctionArgs, useLocation, useNavigation, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { LaptopCard } from '../../features/catalog/components/laptop-card.tsx';
import { LaptopGrid } from '../../features/catalog/components/laptop-grid.tsx';
import { LazyMessageSeller } from '../../features/conversations/components/message-seller.tsx';
import { askForPush } from '../../features/push/ask-for-push.tsx';
import { laptopSearchQuery } from '../../features/search/api/laptop-search-query.ts';
import { activeFilterCount, parseSearchFilters } from '../../features/search/api/search-filters.ts';
import { useLaptopSearch } from '../../features/search/api/use-laptop-search.ts';
import { SaveSearchButton } from '../../features/search/components/save-search-button.tsx';
import { SearchFiltersForm, SortForm, searchPath } from '../../features/search/components/search-filters-form.tsx';
import { WishlistButton } from '../../features/wishlist/components/wishlist-button.tsx';
import { userContentIn } from '../../i18n/user-content.tsx';
import { formatCount } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useFocusTrap } from '../../lib/use-focus-trap.ts';

// /search (public; docs/rendering.md): the filters are the address's query, so a search can
// be shared and the back button restores the previous one. The loader fetches the first page
// before the page shows (on the server too); Load more asks for the next with its cursor.

/** The search page: its filters are its URL's query (shareable; back restores them). */
export function searchLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const filters = parseSearchFilters(new URL(request.url).searchParams);
    // Never throws: a failed search shows its own message on the page (and is retried in the browser).
    await queryClient.prefetchInfiniteQuery(laptopSearchQuery(filters));
    return null;
  };
}

const DRAWER_ID = 'search-filters-drawer';

/** '1 laptop', '1,234 laptops', '10,000+ laptops'. */
export function resultCount(total: number, capped = false): string {
  const count = formatCount(total);
  if (capped) return t`${count}+ laptops`;
  return plural(total, { one: `${count} laptop`, other: `${count} laptops` });
}

export function SearchPage() {
  const [params] = useSearchParams();
  const filters = parseSearchFilters(params);
  const search = useLaptopSearch(filters);
  const navigation = useNavigation();
  const { pathname, search: query } = useLocation();
  const toggleRef = useRef<HTMLInputElement>(null);
  // Another search is loading: the current results stay, dimmed, until it arrives.
  const searching = navigation.state === 'loading' && navigation.location?.pathname === pathname;
  const filterCount = activeFilterCount(filters);
  const first = search.data?.pages[0];
  const laptops = search.data?.pages.flatMap((page) => page.items) ?? [];
  const session = useSession();
  const me = session.status === 'signedIn' ? session.user : null;
  // On a phone the filters open over the results: keyboard focus goes in, stays in, and comes
  // back to the toggle when they close (Escape, the close button, the overlay, or a search).
  const panelRef = useRef<HTMLElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => {
    if (toggleRef.current) toggleRef.current.checked = false;
    setDrawerOpen(false);
  };
  useFocusTrap(drawerOpen, panelRef, toggleRef, closeDrawer);

  // The query is the visitor's own words: they stay as typed (translate="no").
  const heading = filters.q
    ? userContentIn((q: string) => t`Laptops matching “${q}”`, filters.q)
    : t`Search used laptops`;
  const cleared = searchPath({ sort: filters.sort, ...(filters.q ? { q: filters.q } : {}) });

  return (
    <div className="drawer lg:drawer-open lg:gap-8">
      {/* daisyUI's drawer is this checkbox (it works before the script runs); keyboard users reach
          it with Tab, the labels below are what a pointer clicks. */}
      <input
        id={DRAWER_ID}
        ref={toggleRef}
        type="checkbox"
        className="drawer-toggle"
        aria-label={t`Show filters`}
        onChange={(event) => setDrawerOpen(event.target.checked)}
      />
      <div className="drawer-content flex min-w-0 flex-col gap-5">
        <PageHead
          title={filters.q ? t`${filters.q} — used laptops — Laptop Haat` : t`Search used laptops — Laptop Haat`}
          description={t`Search used laptops for sale across Bangladesh by words, price, location, condition, brand, RAM and storage.`}
        />
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{heading}</h1>
        {/* On a phone the count has a line of its own, so that the form's no-script Sort button going
            away when the app starts does not pull the results up a line (a layout shift). */}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <p role="status" className="font-medium">
            {first ? resultCount(first.total, first.totalCapped) : null}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={DRAWER_ID} className="btn btn-outline btn-primary btn-sm lg:hidden">
              <FaSliders aria-hidden="true" />
              {filterCount > 0 ? t`Filters (${formatCount(filterCount)})` : t`Filters`}
            </label>
            {me ? <SaveSearchButton email={me.email} filters={filters} onSaved={() => void askForPush()} /> : null}
            <SortForm key={query} filters={filters} />
          </div>
        </div>

        <div aria-busy={searching} className={searching ? 'opacity-60 transition-opacity' : undefined}>
          {search.isPending ? (
            <Spinner />
          ) : search.isError ? (
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p className="text-base-content/70">{t`Could not load the laptops right now. Please try again.`}</p>
              <button type="button" className="btn btn-primary" onClick={() => void search.refetch()}>
                {t`Try again`}
              </button>
            </div>
          ) : laptops.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-4 py-12 text-center">
              <h2 className="text-xl font-semibold">{t`No laptops match this search`}</h2>
              <p className="max-w-md text-base-content/70">
                {filterCount > 0
                  ? t`Try fewer filters, a wider price range or other words: sellers add laptops every day.`
                  : t`Try other or fewer words, e.g. a brand or a model: sellers add laptops every day.`}
              </p>
              {filterCount > 0 ? (
                <Link to={cleared} className="btn btn-primary">
                  {t`Clear filters`}
                </Link>
              ) : (
                <Link to={paths.search} className="btn btn-primary">
                  {t`Show all laptops`}
                </Link>
              )}
            </div>
          ) : (
            <>
              <LaptopGrid>
                {laptops.map((laptop, index) => (
                  <LaptopCard
                    key={laptop._id}
                    laptop={laptop}
                    headingLevel="h2"
                    // Painted in the frame the results arrive in (docs/decisions/0023).
                    renderWhenNear={false}
                    // The first card's photo is on a phone's first screen and its largest paint; loaded
                    // lazily, Chromium first laid it out 0 px high and then moved every card below it
                    // (a layout shift of 0.16 on a phone: docs/performance.md).
                    priority={index === 0}
                    topAction={<WishlistButton laptop={laptop} />}
                  >
                    {/* Signed in, not one's own, still for sale: the server refuses the rest. */}
                    {me && laptop.salesStatus === 'unsold' && laptop.seller_id !== me.id ? (
                      <LazyMessageSeller laptopId={laptop._id} small />
                    ) : null}
                  </LaptopCard>
                ))}
              </LaptopGrid>
              <LoadMore
                hasNextPage={search.hasNextPage}
                isFetchingNextPage={search.isFetchingNextPage}
                onLoadMore={() => void search.fetchNextPage()}
              />
            </>
          )}
        </div>
      </div>

      <div className="drawer-side z-40 lg:z-auto lg:h-auto lg:overflow-visible">
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the overlay is a pointer's way out, hidden from assistive technology, which has the close button below. */}
        <label htmlFor={DRAWER_ID} aria-hidden="true" className="drawer-overlay lg:hidden" />
        <aside
          ref={panelRef}
          aria-labelledby="filters-heading"
          className="min-h-full w-72 max-w-[85vw] bg-base-100 p-4 max-lg:shadow-xl lg:min-h-0 lg:rounded-box lg:border lg:border-base-300"
        >
          <div className="mb-2 flex items-center justify-between">
            <h2 id="filters-heading" className="text-lg font-semibold">
              {t`Filters`}
            </h2>
            {/* A label (it works before the script runs) takes no aria-label: its name is its text. */}
            <label htmlFor={DRAWER_ID} className="btn btn-ghost btn-sm btn-circle lg:hidden">
              <FaTimes aria-hidden="true" />
              <span className="sr-only">{t`Close filters`}</span>
            </label>
          </div>
          <SearchFiltersForm key={query} filters={filters} onSubmitted={closeDrawer} />
          {filterCount > 0 ? (
            <Link to={cleared} className="btn btn-ghost btn-sm mt-2 w-full">
              {t`Clear filters`}
            </Link>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
