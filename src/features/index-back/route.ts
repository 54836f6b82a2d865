import type { FeatureRouteTable } from '../../route-types.ts';

/**
 * This folder's routes: their entries in the route table (src/routes.ts, through the generated
 * src/routes.gen.ts). Their words and views: meta.ts beside this file. Pure data: Node
 * scripts and the browser import it.
 */
export const routes = [
  {
    id: 'index-back',
    path: '/index-back',
    indexable: false,
    nav: { footer: 'company', order: 70 },
  },
] as const satisfies FeatureRouteTable;
