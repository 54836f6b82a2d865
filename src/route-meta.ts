import type { MessageDescriptor } from '@lingui/core';

import type { PageModule } from './lib/page.ts';
import { ROUTES, type RouteId } from './routes.ts';

/**
 * The words of a route: its navigation label, <title>, meta description, heading (when it says
 * other than the title) and introduction. Keyed routes take `{key}` (the project, campaign or
 * draw name) in their title and heading.
 */
export type RouteMeta = {
  readonly nav: MessageDescriptor;
  readonly title: MessageDescriptor;
  readonly description: MessageDescriptor;
  /** The page's <h1>; without one, the title. */
  readonly heading?: MessageDescriptor;
  readonly intro: MessageDescriptor;
  /** The page's `<meta name="keywords">`; without its own, the home page's (spec §2). */
  readonly keywords?: MessageDescriptor;
};

/** The page's <h1>: its own heading, or its title. */
export const headingOf = (meta: RouteMeta): MessageDescriptor =>
  meta.heading ?? meta.title;

/** A route as its feature folder declares it: its words and its page module, loaded on first use. */
export type RouteDefinition = RouteMeta & {
  readonly page: () => Promise<PageModule>;
};

/**
 * What `src/features/<area>/route.ts` exports as `routes`: the routes whose page lives in that
 * folder, keyed by their id in the route table (an id the table does not know fails tsc).
 */
export type FeatureRoutes = Partial<Record<RouteId, RouteDefinition>>;

/**
 * Every route's definition from the feature folders' route.ts modules (file → its `routes`):
 * each id of the route table exactly once, else it throws naming the route and the files, so a
 * route without a page and words, or one defined twice, stops the server and the unit tests.
 */
export const gatherRoutes = (
  modules: Readonly<Record<string, FeatureRoutes>>,
): Record<RouteId, RouteDefinition> => {
  const found = new Map<RouteId, { file: string; route: RouteDefinition }>();
  for (const [file, routes] of Object.entries(modules)) {
    for (const { id } of ROUTES) {
      const route = routes[id];
      if (route === undefined) continue;
      const other = found.get(id);
      if (other)
        throw new Error(
          `Route ${id} is defined in both ${other.file} and ${file}`,
        );
      found.set(id, { file, route });
    }
    const unknown = Object.keys(routes).filter(
      (id) => !ROUTES.some((r) => r.id === id),
    );
    if (unknown.length)
      throw new Error(
        `${file} defines routes the table lacks: ${unknown.join(', ')}`,
      );
  }
  const missing = ROUTES.filter(({ id }) => !found.has(id)).map((r) => r.id);
  if (missing.length)
    throw new Error(
      `No src/features/*/route.ts defines the route(s) ${missing.join(', ')}`,
    );
  // every id of the table is in `found` (checked above)
  return Object.fromEntries(
    [...found].map(([id, { route }]) => [id, route]),
  ) as Record<RouteId, RouteDefinition>;
};

const ROUTE_DEFINITIONS = gatherRoutes(
  import.meta.glob<FeatureRoutes>('./features/*/route.ts', {
    eager: true,
    import: 'routes',
  }),
);

/** Every route's words, by route id. */
export const ROUTE_META: Readonly<Record<RouteId, RouteMeta>> =
  ROUTE_DEFINITIONS;

/** A route's page module loader (read through src/route-pages.ts, which keeps what it loaded). */
export const pageLoaderOf = (id: RouteId): (() => Promise<PageModule>) =>
  ROUTE_DEFINITIONS[id].page;

const HOME_KEYWORDS = ROUTE_DEFINITIONS.home.keywords;
if (HOME_KEYWORDS === undefined)
  throw new Error(
    "The home route has no keywords: they are every page's fallback",
  );

/** The keywords of a route's pages: its own translations, or the home page's. */
export const keywordsOf = (id: RouteId): MessageDescriptor =>
  ROUTE_META[id].keywords ?? HOME_KEYWORDS;
