/**
 * `load`, asked at most once while it succeeds: every caller shares the first call's promise. A
 * failure (offline, a deploy that removed the chunk) is forgotten, so the next call tries again
 * instead of failing for the rest of the page's life.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
