import { useState } from 'react';
// fa6, as the search page's own icons: an icon from react-icons/fa would join every page's first load.
import { FaRegBell } from 'react-icons/fa6';
import { errorText } from '../../../i18n/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { type SearchFilters, searchQueryString } from '../api/search-filters.ts';
import { useSaveSearch } from '../api/use-saved-searches.ts';
import { describeFilters, SAVED_SEARCH_TEXTS as T } from '../saved-search-texts.ts';
import { NAME_MAX, NameDialog } from './name-dialog.tsx';

/**
 * "Save this search" on /search for a signed-in user (docs/product.md#saved-searches): keeps the
 * page's filters (its address query, the order left out) under a name they may change, then offers
 * notifications on this device (never before: docs/product.md#push-notifications).
 */
export function SaveSearchButton({
  email,
  filters,
  onSaved,
}: {
  email: string;
  filters: SearchFilters;
  /** After the search is kept (the page offers notifications on this device then). */
  onSaved?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const save = useSaveSearch(email);
  const close = () => {
    setOpen(false);
    save.reset();
  };
  return (
    <>
      <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setOpen(true)}>
        <FaRegBell aria-hidden="true" />
        {T.save}
      </button>
      {open ? (
        <NameDialog
          title={T.dialogTitle}
          intro={T.dialogIntro}
          initialName={describeFilters(filters).slice(0, NAME_MAX)}
          submitLabel={T.saveButton}
          busy={save.isPending}
          error={save.isError ? errorText(save.error, T.saveFailed) : null}
          onClose={close}
          onSubmit={(name) =>
            save.mutate(
              { query: searchQueryString({ ...filters, sort: 'newest' }), name },
              {
                onSuccess: () => {
                  toast.success(T.saved);
                  close();
                  onSaved?.();
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
