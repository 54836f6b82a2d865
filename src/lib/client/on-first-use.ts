/**
 * A module fetched on first use, once: a page's action buttons load their request client and
 * schemas this way, so they stay out of the page's first JS. A failed fetch (a deploy in
 * progress) is tried again by the next call.
 */
export const onFirstUse = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};
