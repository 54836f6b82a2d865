import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { RouteId } from '../../routes.ts';

export type NavGroupId = 'products' | 'support' | 'company';

/** The product pages, in the order the header's Products menu and the footer list them. */
export const PRODUCT_ROUTES: readonly RouteId[] = [
  'launchpad',
  'savings',
  'fee-discount',
  'competition',
  'red-envelopes',
];

/**
 * The header's menus: every route the route table marks `nav`, in a few groups, so the header
 * stays one row at 1024 px and wider in every language (the labels are the footer's headings).
 * `nav-groups.test.ts` checks that each `nav` route is in exactly one group.
 */
export const NAV_GROUPS: readonly {
  readonly id: NavGroupId;
  readonly label: MessageDescriptor;
  readonly routes: readonly RouteId[];
}[] = [
  {
    id: 'products',
    label: msg`Products`,
    routes: [...PRODUCT_ROUTES, 'welcome'],
  },
  {
    id: 'support',
    label: msg`Support`,
    routes: ['official-verify', 'contract-detail', 'margin-parameters'],
  },
  { id: 'company', label: msg`Company`, routes: ['join-us', 'tax-api'] },
];
