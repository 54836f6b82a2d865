import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';

import {
  gatherRoutes,
  hooksLoaderOf,
  keywordsOf,
  pageLoaderOf,
  ROUTE_META,
  type FeatureRoutes,
  type RouteDefinition,
} from './route-meta.ts';
import { ROUTES } from './routes.ts';

const words = (id: string): RouteDefinition => ({
  page: () => Promise.reject(new Error(`no page module in this test (${id})`)),
  nav: msg({ id: 'test.nav', message: 'Nav' }),
  title: msg({ id: 'test.title', message: 'Title' }),
  description: msg({ id: 'test.description', message: 'Description' }),
  heading: msg({ id: 'test.heading', message: 'Heading' }),
  intro: msg({ id: 'test.intro', message: 'Intro' }),
});

/** One definition per route of the table, split over two feature files. */
const complete = (): Record<string, FeatureRoutes> => {
  const [first, ...rest] = ROUTES;
  if (!first) throw new Error('empty route table');
  return {
    './features/a/meta.ts': { [first.id]: words(first.id) },
    './features/b/meta.ts': Object.fromEntries(
      rest.map((r) => [r.id, words(r.id)]),
    ),
  };
};

describe('the routes gathered from the feature folders', () => {
  it('has the words and the page of every route of the table, once', () => {
    expect(Object.keys(ROUTE_META).sort()).toEqual(
      ROUTES.map((r) => r.id).sort(),
    );
    for (const { id } of ROUTES) {
      expect(ROUTE_META[id].nav.id).toBe(`${id}.nav`);
      expect(ROUTE_META[id].title.id).toBe(`${id}.title`);
      expect(typeof pageLoaderOf(id)).toBe('function');
    }
  });

  it('loads the hooks of a route from its feature folder seo.ts, none without one', async () => {
    const project = await hooksLoaderOf('launchpad-project')();
    expect(typeof project.validate).toBe('function');
    expect(typeof project.knownKeys).toBe('function');
    // the list shares the folder's seo.ts but has its own hooks only
    const list = await hooksLoaderOf('launchpad')();
    expect(typeof list.sitemapLastmod).toBe('function');
    expect(list.validate).toBe(undefined);
    // no seo.ts in the folder: no hooks
    expect(await hooksLoaderOf('join-us')()).toEqual({});
  });

  it('falls back to the home keywords for a route without its own', () => {
    expect(keywordsOf('launchpad').id).toBe('launchpad.keywords');
    expect(keywordsOf('join-us').id).toBe('home.keywords');
  });

  it('accepts every route defined exactly once', () => {
    expect(Object.keys(gatherRoutes(complete())).sort()).toEqual(
      ROUTES.map((r) => r.id).sort(),
    );
  });

  it('refuses a route of the table that no feature folder defines', () => {
    const modules = complete();
    delete modules['./features/a/meta.ts'];
    expect(() => gatherRoutes(modules)).toThrow(
      `No src/features/*/meta.ts defines the route(s) ${ROUTES[0]?.id}`,
    );
  });

  it('refuses a route defined in two feature folders', () => {
    const id = ROUTES[0]?.id ?? 'home';
    expect(() =>
      gatherRoutes({
        ...complete(),
        './features/c/meta.ts': { [id]: words(id) },
      }),
    ).toThrow(
      `Route ${id} is defined in both ./features/a/meta.ts and ./features/c/meta.ts`,
    );
  });

  it('refuses a page under an id the route table does not have', () => {
    const modules: Record<string, Record<string, RouteDefinition>> = {
      ...complete(),
      './features/c/meta.ts': { 'no-such-route': words('no-such-route') },
    };
    expect(() => gatherRoutes(modules)).toThrow(
      './features/c/meta.ts defines routes the table lacks: no-such-route',
    );
  });
});
