import type { FeatureRouteTable } from '../../route-types.ts';

/**
 * This folder's routes: their entries in the route table (src/routes.ts, through the generated
 * src/routes.gen.ts). Their words and views: meta.ts beside this file. Pure data: Node
 * scripts and the browser import it.
 */
export const routes = [
  {
    id: 'lucky-draw',
    path: '/snooker/[luckyDrawName]',
  },
] as const satisfies FeatureRouteTable;
