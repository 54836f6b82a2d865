import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'join-us',
    path: '/join_us',
    nav: { header: 'company', footer: 'company', order: 10 },
  },
] as const satisfies FeatureRouteTable;
