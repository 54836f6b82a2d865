import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'index-back',
    path: '/index-back',
    indexable: false,
    nav: { footer: 'company', order: 70 },
  },
] as const satisfies FeatureRouteTable;
