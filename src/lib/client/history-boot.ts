/**
 * The part of Back and Forward (decision 0034) that sits in the page's first JS: the router's
 * route interceptor, which hands a traversal to whoever took them (`history-runtime.ts`, once it
 * is in) and otherwise lets the router handle it as it always did. The runtime's own start is
 * `history-start.ts` (decision 0038).
 */

/** A route as the router hands it to its interceptor. */
type PoppedRoute = { path: string; query: string; hash: string };

/** Whether the traversal to `route` was taken (the router then does nothing). */
type PopTaker = (route: PoppedRoute) => boolean;

let taker: PopTaker | undefined;

/** `history-runtime.ts` takes the traversals from here on (undefined: it gives them back). */
export const takePopsWith = (next: PopTaker | undefined): void => {
  taker = next;
};

/**
 * The router's `unstable_routeInterceptor` for traversals (Back, Forward, `history.go`): `false`
 * when the runtime took it, else the route, for the router's own handling.
 */
export const interceptPop = <R extends PoppedRoute>(route: R): R | false =>
  taker?.(route) ? false : route;
