import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'red-envelopes',
    path: '/redEnvelopes/receive',
    layout: 'bare',
    nav: { header: 'products', footer: 'products', order: 50 },
    query: ['code'],
  },
] as const satisfies FeatureRouteTable;
