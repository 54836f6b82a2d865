import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'tax-api',
    path: '/tax-api',
    nav: { header: 'company', footer: 'company', order: 20 },
  },
] as const satisfies FeatureRouteTable;
