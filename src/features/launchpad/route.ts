import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'launchpad',
    path: '/launchpad',
    nav: { header: 'products', footer: 'products', order: 10 },
  },
  {
    id: 'launchpad-project',
    path: '/launchpad/[id]',
  },
] as const satisfies FeatureRouteTable;
