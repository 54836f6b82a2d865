import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'unbind-google2fa',
    path: '/unbind-google2fa',
    layout: 'bare',
    indexable: false,
    nav: { footer: 'support', order: 50 },
    query: ['ticket'],
  },
] as const satisfies FeatureRouteTable;
