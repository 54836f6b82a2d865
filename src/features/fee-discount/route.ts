import type { FeatureRouteTable } from '../../route-types.ts';

/**
 * This folder's routes: their entries in the route table (src/routes.ts, through the generated
 * src/routes.gen.ts). Their words and views: meta.ts beside this file. Pure data: Node
 * scripts and the browser import it.
 */
export const routes = [
  {
    id: 'fee-discount',
    path: '/feediscount',
    layout: 'default',
    indexable: true,
    header: { group: 'products', order: 30 },
    footer: { group: 'support', order: 10, compact: true },
  },
] as const satisfies FeatureRouteTable;
