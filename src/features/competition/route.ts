import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'competition',
    path: '/ZCCCompetition2025',
    layout: 'bare',
    nav: { header: 'products', footer: 'products', order: 40 },
  },
] as const satisfies FeatureRouteTable;
