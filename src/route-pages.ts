import type { PageHooks, PageView } from './lib/page.ts';
import { hooksLoaderOf, pageLoaderOf } from './route-meta.ts';
import type { RouteId } from './routes.ts';

/**
 * A loader that imports once per route: a dynamic `import()` of a module already loaded still
 * goes through the module loader on every call (decision 0014). A failed import (a deploy in
 * progress) is tried again by the next request.
 */
const loadOnce = <T>(
  loaderOf: (id: RouteId) => () => Promise<T>,
): ((id: RouteId) => Promise<T>) => {
  const loaded = new Map<RouteId, Promise<T>>();
  return (id) => {
    let module = loaded.get(id);
    if (!module) {
      module = loaderOf(id)();
      loaded.set(id, module);
      module.catch(() => loaded.delete(id));
    }
    return module;
  };
};

/** A route's view (its page.tsx), imported once. */
export const loadPageView: (id: RouteId) => Promise<PageView> =
  loadOnce(pageLoaderOf);

/** A route's hooks (its feature's seo.ts; none without one), imported once. */
export const loadPageHooks: (id: RouteId) => Promise<PageHooks> =
  loadOnce(hooksLoaderOf);
