import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'savings',
    path: '/earning/savings',
    nav: { header: 'products', footer: 'products', order: 20 },
    query: ['coin', 'sort'],
  },
] as const satisfies FeatureRouteTable;
