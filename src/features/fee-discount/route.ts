import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'fee-discount',
    path: '/feediscount',
    nav: { header: 'products', footer: 'support', order: 30, compact: true },
  },
] as const satisfies FeatureRouteTable;
