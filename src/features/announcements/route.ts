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
    layout: 'default',
    indexable: true,
    header: { group: 'support', order: 20 },
    footer: { group: 'support', order: 40 },
    query: ['q', 'type', 'page'],
  },
  {
    id: 'margin-parameters',
    path: '/announcement-info/margin-parameters',
    layout: 'default',
    indexable: true,
    header: { group: 'support', order: 30 },
    footer: { group: 'support', order: 50 },
    query: ['q', 'page'],
  },
] as const satisfies FeatureRouteTable;
