import type { PageModule } from './lib/page.ts';
import type { RouteId } from './routes.ts';

/**
 * Every route's page module, loaded on first use. A Record over RouteId: a route without a
 * page (or a page without a route) does not type-check.
 */
const PAGE_MODULES: Record<RouteId, () => Promise<PageModule>> = {
  home: () => import('./features/home/page.tsx'),
  launchpad: () => import('./features/launchpad/list-page.tsx'),
  'launchpad-project': () => import('./features/launchpad/project-page.tsx'),
  savings: () => import('./features/savings/page.tsx'),
  'fee-discount': () => import('./features/fee-discount/page.tsx'),
  competition: () => import('./features/competition/page.tsx'),
  'red-envelopes': () => import('./features/red-envelopes/page.tsx'),
  'lucky-draw': () => import('./features/lucky-draw/page.tsx'),
  welcome: () => import('./features/welcome/list-page.tsx'),
  'welcome-campaign': () => import('./features/welcome/campaign-page.tsx'),
  'contract-detail': () =>
    import('./features/announcements/contract-detail-page.tsx'),
  'margin-parameters': () =>
    import('./features/announcements/margin-parameters-page.tsx'),
  'official-verify': () => import('./features/official-verify/page.tsx'),
  'tax-api': () => import('./features/tax-api/page.tsx'),
  'join-us': () => import('./features/careers/page.tsx'),
  'unbind-google2fa': () => import('./features/unbind-google2fa/page.tsx'),
  'specify-the-path': () => import('./features/specify-the-path/page.tsx'),
  'index-back': () => import('./features/index-back/page.tsx'),
};

const loaded = new Map<RouteId, Promise<PageModule>>();

/**
 * A route's page module, imported once: a dynamic `import()` of a module already loaded still
 * goes through the module loader on every call (decision 0014).
 */
export const loadPageModule = (id: RouteId): Promise<PageModule> => {
  let page = loaded.get(id);
  if (!page) {
    page = PAGE_MODULES[id]();
    loaded.set(id, page);
    // a failed import (a deploy in progress) is tried again by the next request
    page.catch(() => loaded.delete(id));
  }
  return page;
};
