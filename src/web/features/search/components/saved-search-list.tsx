import { useState } from 'react';
import { Link } from 'react-router';
import type { SavedSearch } from '../../../../shared/saved-searches.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { parseSearchFilters } from '../api/search-filters.ts';
import { useChangeSavedSearch } from '../api/use-saved-searches.ts';
import { filterWords, SAVED_SEARCH_TEXTS as T } from '../saved-search-texts.ts';
import { NameDialog } from './name-dialog.tsx';

/**
 * The saved searches on /dashboard/savedSearches: each opens its search (and counts as seen), shows
 * its filters in words and how many laptops matched since it was last opened; Rename and Delete.
 */
export function SavedSearchList({ email, searches }: { email: string; searches: readonly SavedSearch[] }) {
  const change = useChangeSavedSearch(email);
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const failed = (error: unknown) => toast.error(errorText(error, T.changeFailed));

  return (
    <>
      <ul className="grid gap-3">
        {searches.map((search) => (
          <li key={search._id} className="card border border-base-300 bg-base-100">
            <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link
                  id={`saved-search-${search._id}`}
                  to={`${paths.search}${search.query ? `?${search.query}` : ''}`}
                  className="link link-hover text-lg font-semibold break-words"
                  translate="no"
                  onClick={() => {
                    if (search.new_matches > 0) change.mutate({ id: search._id, seen: true });
                  }}
                >
                  {search.name}
                </Link>
                <FilterSummary query={search.query} />
                <p className="mt-1 text-sm">
                  {search.new_matches > 0 ? (
                    <span className="badge badge-primary">{T.newMatches(search.new_matches)}</span>
                  ) : (
                    <span className="text-base-content/60">{T.noNew}</span>
                  )}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button
                  type="button"
                  className="btn btn-sm min-h-11 sm:min-h-8"
                  aria-describedby={`saved-search-${search._id}`}
                  onClick={() => setRenaming(search)}
                >
                  {T.rename}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-error btn-outline min-h-11 sm:min-h-8"
                  aria-describedby={`saved-search-${search._id}`}
                  onClick={() => setDeleting(search)}
                >
                  {T.delete}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {renaming ? (
        <NameDialog
          title={T.renameTitle}
          initialName={renaming.name}
          submitLabel={T.rename}
          busy={change.isPending}
          error={change.isError ? errorText(change.error, T.changeFailed) : null}
          onClose={() => {
            setRenaming(null);
            change.reset();
          }}
          onSubmit={(name) =>
            change.mutate(
              { id: renaming._id, name },
              {
                onSuccess: () => {
                  toast.success(T.renamed);
                  setRenaming(null);
                },
              },
            )
          }
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          question={T.confirmDelete(deleting.name)}
          confirmLabel={T.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting._id;
            setDeleting(null);
            change.mutate({ id, delete: true }, { onSuccess: () => toast.success(T.deleted), onError: failed });
          }}
        />
      ) : null}
    </>
  );
}

/** A saved search's filters in words, its search words as the user wrote them (translate="no"). */
function FilterSummary({ query }: { query: string }) {
  const { q, words } = filterWords(parseSearchFilters(new URLSearchParams(query)));
  const rest = q || words.length > 0 ? words.join(' · ') : T.allLaptops;
  return (
    <p className="text-sm break-words text-base-content/70">
      {q ? <span translate="no">“{q}”</span> : null}
      {q && words.length > 0 ? ' · ' : null}
      {rest}
    </p>
  );
}
