import type { FeatureRouteTable } from '../../route-types.ts';

/**
 * This folder's routes: their entries in the route table (src/routes.ts, through the generated
 * src/routes.gen.ts). Their words and views: meta.ts beside this file. Pure data: Node
 * scripts and the browser import it.
 */
export const routes = [
  {
    id: 'welcome',
    path: '/welcome',
    layout: 'default',
    indexable: true,
    header: { group: 'products', order: 60 },
    footer: { group: 'company', order: 30 },
  },
  {
    id: 'welcome-campaign',
    path: '/welcome/[name]',
    param: 'name',
    layout: 'default',
    indexable: true,
  },
] as const satisfies FeatureRouteTable;
