import type { FeatureRouteTable } from '../../route-types.ts';

/**
 * This folder's routes: their entries in the route table (src/routes.ts, through the generated
 * src/routes.gen.ts). Their words and views: meta.ts beside this file. Pure data: Node
 * scripts and the browser import it.
 */
export const routes = [
  {
    id: 'unbind-google2fa',
    path: '/unbind-google2fa',
    layout: 'bare',
    indexable: false,
    nav: { footer: 'support', order: 50 },
    query: ['ticket'],
  },
] as const satisfies FeatureRouteTable;
