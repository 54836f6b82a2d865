/**
 * The shape of a route's entry in the route table, as a feature folder's `route.ts` declares it
 * (spec §2). Types only: the feature folders' `route.ts` files import them, and src/routes.ts
 * builds the table from those files (through the generated src/routes.gen.ts).
 */

export type LayoutKind = 'default' | 'home' | 'bare';

/** The groups of the header's menus and of the footer's lists, in their order (their labels: shell/layout/nav-groups.ts). */
export const NAV_GROUP_IDS = ['products', 'support', 'company'] as const;
export type NavGroupId = (typeof NAV_GROUP_IDS)[number];

/**
 * Where a route's link stands: the header menu and the footer list it is in (either or both),
 * and its order in them (ascending, compared within a group).
 */
export type NavPlace = {
  /** Its header menu (the index-back hub's shortcuts follow the header). */
  readonly header?: NavGroupId;
  /** Its footer list, labelled by its words' `footer`, else their `nav`. */
  readonly footer?: NavGroupId;
  readonly order: number;
  /**
   * Also in the bare layout's compact footer, which otherwise keeps only the trust links: a page
   * a cautious visitor looks for before trusting an exchange (the fee schedule).
   */
  readonly compact?: boolean;
};

/** A route's entry as its feature folder's route.ts declares it: what differs from the defaults. */
export type RouteDeclaration = {
  /** The route's id: unique in the table, the prefix of its words' message ids (`<id>.title`). */
  readonly id: string;
  /**
   * The path after the locale prefix: '' is the locale's home. A keyed route's segment in
   * brackets names its parameter (`/launchpad/[id]`: `param` is `id`); its feature's seo.ts gives
   * it `validate`.
   */
  readonly path: string;
  /** The page frame; without one, 'default'. */
  readonly layout?: LayoutKind;
  /** Listed in the sitemap and hreflang sets (keyed routes list their keys); without it, true. */
  readonly indexable?: boolean;
  /** Its link in the header's menus and the footer's lists; without one, in neither. */
  readonly nav?: NavPlace;
  /**
   * The query parameters the page reads. Every other parameter (utm_*, gclid, a
   * random cache-buster) is dropped before the render: it never changes the HTML, the RSC
   * payload, canonical or hreflang, and it is no part of the page cache key. It stays in the
   * address bar for analytics in the browser.
   */
  readonly query?: readonly string[];
};

/**
 * What `src/features/<feature>/route.ts` exports as `routes`: the entries of the routes whose
 * page lives in that folder, `as const satisfies FeatureRouteTable`. Pure data (no macros, no
 * React, no I/O): Node scripts, the browser and the server all import it.
 */
export type FeatureRouteTable = readonly RouteDeclaration[];
