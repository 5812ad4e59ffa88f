import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useSavedSearches } from '../../../features/search/api/use-saved-searches.ts';
import { SavedSearchList } from '../../../features/search/components/saved-search-list.tsx';
import { SAVED_SEARCH_TEXTS as T } from '../../../features/search/saved-search-texts.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';

// Saved searches (docs/product.md#saved-searches), for any signed-in user; the dashboard's guard
// keeps signed-out visitors out.
export function SavedSearchesPage() {
  const session = useSession();
  const email = session.status === 'signedIn' ? session.user.email : undefined;
  const searches = useSavedSearches(email);

  let content: React.ReactNode;
  if (searches.isPending) content = <Spinner />;
  else if (searches.isError) content = <LoadError what={T.what} />;
  else if (searches.data.length === 0)
    content = <EmptyState title={T.empty} hint={T.emptyHint} to={paths.search} action={T.browse} />;
  else content = <SavedSearchList email={email ?? ''} searches={searches.data} />;

  return (
    <section aria-labelledby="saved-searches-heading" className="min-w-0">
      <PageHead title={T.pageTitle} noIndex />
      <h2 id="saved-searches-heading" className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">
        {T.heading}
      </h2>
      {content}
    </section>
  );
}
