import { describe, expect, it } from 'vitest';

import { placedRoutes, ROUTES, type RouteEntry } from '../../routes.ts';
import { NAV_GROUPS } from './nav-groups.ts';

const entries = ROUTES as readonly RouteEntry[];

describe('the header menus and the footer lists', () => {
  it('hold every route its route.ts places there exactly once, in its order', () => {
    for (const where of ['header', 'footer'] as const) {
      const listed = placedRoutes(where).flatMap((group) => group.routes);
      const placed = entries.filter((route) => route.nav?.[where]);
      expect([...listed].sort()).toEqual(placed.map((r) => r.id).sort());
      for (const { group, routes } of placedRoutes(where)) {
        const orders = routes.map((id) => {
          const nav = entries.find((r) => r.id === id)?.nav;
          expect(nav?.[where]).toBe(group);
          return nav?.order ?? Number.NaN;
        });
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
        // two routes at one place would leave their order to the table's
        expect(new Set(orders).size, `${where} ${group}`).toBe(orders.length);
      }
    }
  });

  it('are few enough for one header row', () => {
    expect(NAV_GROUPS.length).toBeGreaterThan(0);
    expect(NAV_GROUPS.length).toBeLessThanOrEqual(4);
    for (const group of NAV_GROUPS)
      expect(group.routes.length).toBeGreaterThan(0);
  });

  it('link only pages without a key (a keyed page has no one address to link)', () => {
    for (const route of entries)
      if (route.nav) expect(route.param, route.id).toBe(undefined);
  });
});
