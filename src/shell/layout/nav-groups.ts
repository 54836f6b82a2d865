import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { placedRoutes, type NavGroupId, type RouteId } from '../../routes.ts';

export type { NavGroupId };

/** The labels of the header's menus, also the footer's headings. */
const NAV_GROUP_LABELS: Readonly<Record<NavGroupId, MessageDescriptor>> = {
  products: msg`Products`,
  support: msg`Support`,
  company: msg`Company`,
};

/**
 * The header's menus: every route whose route.ts gives it a `header` place, in a few groups, so
 * the header stays one row at 1024 px and wider in every language (the labels are the footer's
 * headings). `nav-groups.test.ts` checks they stay few.
 */
export const NAV_GROUPS: readonly {
  readonly id: NavGroupId;
  readonly label: MessageDescriptor;
  readonly routes: readonly RouteId[];
}[] = placedRoutes('header').map(({ group, routes }) => ({
  id: group,
  label: NAV_GROUP_LABELS[group],
  routes,
}));
