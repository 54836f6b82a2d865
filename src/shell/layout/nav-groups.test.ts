import { describe, expect, it } from 'vitest';

import { ROUTES } from '../../routes.ts';
import { NAV_GROUPS } from './nav-groups.ts';

describe('the header menus', () => {
  it('hold every navigation route of the route table exactly once, and nothing else', () => {
    const grouped = NAV_GROUPS.flatMap((group) => group.routes);
    const inNav = ROUTES.filter((route) => route.nav).map((route) => route.id);
    expect([...grouped].sort()).toEqual([...inNav].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('are few enough for one header row', () => {
    expect(NAV_GROUPS.length).toBeLessThanOrEqual(4);
    for (const group of NAV_GROUPS)
      expect(group.routes.length).toBeGreaterThan(0);
  });
});
