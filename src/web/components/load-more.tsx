import { t } from '@lingui/core/macro';

interface LoadMoreProps {
  /** What an infinite query says: is there a next page, and is it being fetched now. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}

/** "Load more" under a list that pages; gone when the last page is in. */
export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <button type="button" className="btn btn-outline btn-primary" disabled={isFetchingNextPage} onClick={onLoadMore}>
        {isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {t`Load more`}
      </button>
    </div>
  );
}
