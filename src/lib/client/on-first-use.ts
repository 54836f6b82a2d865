import { lazy, type ComponentType } from 'react';

/**
 * A chunk's import as it settles when Waku's version-skew recovery took over: the chunk failed to
 * load, Waku's `vite:preloadError` listener prevented the error and is reloading the page, and
 * the bundler's import then resolves to nothing. Nothing may render or log from it: the page is
 * going away, so the result is a promise that never settles.
 */
const unlessReloading = <T>(module: T | undefined): Promise<T> =>
  module === undefined
    ? new Promise<T>(() => undefined)
    : Promise.resolve(module);

/**
 * A module fetched on first use, once: a page's action buttons load their request client and
 * schemas this way, so they stay out of the page's first JS. A failed fetch (a deploy in
 * progress) is tried again by the next call; one that Waku answers with a reload waits for it.
 */
export const onFirstUse = <T>(
  load: () => Promise<T | undefined>,
): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().then(unlessReloading, (error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};

/**
 * `React.lazy` for a component in a chunk of its own: `pick` takes it from the module, and
 * nothing renders or logs while Waku reloads the page for a chunk of an older build
 * (`unlessReloading`). Every lazy component of the site is made this way.
 */
export const lazyChunk = <M, P extends object>(
  load: () => Promise<M | undefined>,
  pick: (module: M) => ComponentType<P>,
) =>
  lazy(() =>
    load()
      .then(unlessReloading)
      .then((module) => ({ default: pick(module) })),
  );
