import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'official-verify',
    path: '/official-verify',
    nav: { header: 'support', footer: 'support', order: 40 },
    query: ['kind', 'value'],
  },
] as const satisfies FeatureRouteTable;
