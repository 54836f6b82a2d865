import { describe, expect, it } from 'vitest';

import { ROUTE_TABLE } from './routes.gen.ts';
import { getRoute, ROUTES, type RouteEntry } from './routes.ts';

describe('the route table', () => {
  it('serves each declaration with its defaults filled in', () => {
    expect(ROUTES).toHaveLength(ROUTE_TABLE.length);
    ROUTE_TABLE.forEach((declared, i) => {
      const route = ROUTES[i] as RouteEntry;
      expect(route.id).toBe(declared.id);
      expect(route.layout).toBe(
        'layout' in declared ? declared.layout : 'default',
      );
      expect(route.indexable).toBe(
        'indexable' in declared ? declared.indexable : true,
      );
    });
    expect(getRoute('home').layout).toBe('home');
  });

  it('reads a keyed route parameter from its path, and gives others none', () => {
    expect(getRoute('launchpad-project').param).toBe('id');
    expect(getRoute('lucky-draw').param).toBe('luckyDrawName');
    for (const route of ROUTES as readonly RouteEntry[])
      expect('param' in route, route.id).toBe(route.path.includes('['));
  });
});
