import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'lucky-draw',
    path: '/snooker/[luckyDrawName]',
  },
] as const satisfies FeatureRouteTable;
