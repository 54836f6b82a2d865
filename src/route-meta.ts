import type { MessageDescriptor } from '@lingui/core';

import type { PageHooks, PageView } from './lib/page.ts';
import type { FeatureRouteTable } from './route-types.ts';
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
  /** Its link's label in the footer, when it says other than `nav` there. */
  readonly footer?: MessageDescriptor;
};

/** The page's <h1>: its own heading, or its title. */
export const headingOf = (meta: RouteMeta): MessageDescriptor =>
  meta.heading ?? meta.title;

/** A route as its feature folder's meta.ts declares it: its words and its view, loaded on first use. */
export type RouteDefinition = RouteMeta & {
  readonly page: () => Promise<PageView>;
};

/**
 * What `src/features/<feature>/meta.ts` exports as `meta`, `satisfies FeatureMeta<typeof routes>`
 * (its route.ts's table): the words and view of each route of that folder, keyed by id (a route
 * of the folder without them, or an id it does not declare, fails tsc).
 */
export type FeatureMeta<Table extends FeatureRouteTable> = Record<
  Table[number]['id'],
  RouteDefinition
>;

/**
 * What `src/features/<feature>/seo.ts` exports as `seo`, `satisfies FeatureSeo<typeof routes>`:
 * the hooks (lib/page.ts) of the folder's routes that have any, keyed by id. Loaded on first use,
 * like the views.
 */
export type FeatureSeo<Table extends FeatureRouteTable> = Partial<
  Record<Table[number]['id'], PageHooks>
>;

/** A meta.ts module's `meta`, as the glob hands it over (its ids are checked below). */
export type FeatureRoutes = Partial<Record<RouteId, RouteDefinition>>;

/**
 * Every route's definition from the feature folders' meta.ts modules (file → its `meta`):
 * each id of the route table exactly once, else it throws naming the route and the files, so a
 * route without a page and words, or one defined twice, stops the server and the unit tests.
 */
export const gatherRoutes = (
  modules: Readonly<Record<string, FeatureRoutes>>,
): Record<RouteId, { file: string; route: RouteDefinition }> => {
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
      `No src/features/*/meta.ts defines the route(s) ${missing.join(', ')}`,
    );
  // every id of the table is in `found` (checked above)
  return Object.fromEntries(found) as Record<
    RouteId,
    { file: string; route: RouteDefinition }
  >;
};

const ROUTE_DEFINITIONS = gatherRoutes(
  import.meta.glob<FeatureRoutes>('./features/*/meta.ts', {
    eager: true,
    import: 'meta',
  }),
);

/** Every route's words, by route id. */
export const ROUTE_META: Readonly<Record<RouteId, RouteMeta>> =
  Object.fromEntries(
    Object.entries(ROUTE_DEFINITIONS).map(([id, { route }]) => [id, route]),
  ) as Record<RouteId, RouteDefinition>;

/** A route's view loader (read through src/route-pages.ts, which keeps what it loaded). */
export const pageLoaderOf = (id: RouteId): (() => Promise<PageView>) =>
  ROUTE_DEFINITIONS[id].route.page;

const SEO_MODULES = import.meta.glob<Partial<Record<RouteId, PageHooks>>>(
  './features/*/seo.ts',
  { import: 'seo' },
);

const NO_HOOKS: PageHooks = {};

/**
 * A route's hooks loader: its feature folder's seo.ts, when it has one, picked by id (read
 * through src/route-pages.ts).
 */
export const hooksLoaderOf = (id: RouteId): (() => Promise<PageHooks>) => {
  const load =
    SEO_MODULES[ROUTE_DEFINITIONS[id].file.replace(/meta\.ts$/, 'seo.ts')];
  return load
    ? async () => (await load())[id] ?? NO_HOOKS
    : () => Promise.resolve(NO_HOOKS);
};

const HOME_KEYWORDS = ROUTE_DEFINITIONS.home.route.keywords;
if (HOME_KEYWORDS === undefined)
  throw new Error(
    "The home route has no keywords: they are every page's fallback",
  );

/** The keywords of a route's pages: its own translations, or the home page's. */
export const keywordsOf = (id: RouteId): MessageDescriptor =>
  ROUTE_META[id].keywords ?? HOME_KEYWORDS;
