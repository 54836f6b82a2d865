import type { FeatureRouteTable } from '../../route-types.ts';

export const routes = [
  {
    id: 'welcome',
    path: '/welcome',
    nav: { header: 'products', footer: 'company', order: 60 },
  },
  {
    id: 'welcome-campaign',
    path: '/welcome/[name]',
  },
] as const satisfies FeatureRouteTable;
