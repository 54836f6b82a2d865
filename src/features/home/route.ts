import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'home',
    path: '',
    layout: 'home',
  },
] as const satisfies FeatureRouteTable;
