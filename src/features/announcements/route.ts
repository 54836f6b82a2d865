import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'contract-detail',
    path: '/announcement-info/contract-detail',
    nav: { header: 'support', footer: 'support', order: 60 },
    query: ['q', 'type', 'page'],
  },
  {
    id: 'margin-parameters',
    path: '/announcement-info/margin-parameters',
    nav: { header: 'support', footer: 'support', order: 70 },
    query: ['q', 'page'],
  },
] as const satisfies FeatureRouteTable;
