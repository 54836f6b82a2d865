import type { FeatureRouteTable } from '../../route-types.ts';

/**
 * This folder's routes: their entries in the route table (src/routes.ts, through the generated
 * src/routes.gen.ts). Their words and views: meta.ts beside this file. Pure data: Node
 * scripts and the browser import it.
 */
export const routes = [
  {
    id: 'contract-detail',
    path: '/announcement-info/contract-detail',
    nav: { header: 'support', footer: 'support', order: 60 },
    query: ['q', 'type', 'page'],
  },
  {
    id: 'margin-parameters',
    path: '/announcement-info/margin-parameters',
    nav: { header: 'support', footer: 'support', order: 70 },
    query: ['q', 'page'],
  },
] as const satisfies FeatureRouteTable;
