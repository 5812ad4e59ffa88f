/** `load`, asked at most once while it succeeds; `loaded()` gives its value once it has come. */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The value, if it has come: a component can render with it at once instead of a frame later. */
  loaded(): T | undefined;
}

/**
 * `load`, asked at most once while it succeeds: every caller shares the first call's promise. A
 * failure (offline, a deploy that removed the chunk) is forgotten, so the next call tries again
 * instead of failing for the rest of the page's life.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let value: { current: T } | undefined;
  const once = () => {
    loading ??= load().then(
      (result) => {
        value = { current: result };
        return result;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(once, { loaded: () => value?.current });
}
