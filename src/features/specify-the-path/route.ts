import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'specify-the-path',
    path: '/specify-the-path',
    nav: { footer: 'support', order: 80 },
    query: ['goal'],
  },
] as const satisfies FeatureRouteTable;
