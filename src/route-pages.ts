import type { PageModule } from './lib/page.ts';
import { pageLoaderOf } from './route-meta.ts';
import type { RouteId } from './routes.ts';

const loaded = new Map<RouteId, Promise<PageModule>>();

/**
 * A route's page module, imported once: a dynamic `import()` of a module already loaded still
 * goes through the module loader on every call (decision 0014).
 */
export const loadPageModule = (id: RouteId): Promise<PageModule> => {
  let page = loaded.get(id);
  if (!page) {
    page = pageLoaderOf(id)();
    loaded.set(id, page);
    // a failed import (a deploy in progress) is tried again by the next request
    page.catch(() => loaded.delete(id));
  }
  return page;
};
