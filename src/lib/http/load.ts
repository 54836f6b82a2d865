import {
  ApiError,
  HttpStatusError,
  SchemaError,
  TransportError,
  type TransportErrorKind,
} from './envelope.ts';

/**
 * Data loading states (spec §4): idle, pending, success and error; on error the data falls back to
 * its default, so a region always has something to render.
 *
 * Server components use `load` below: it settles once, to success or error, and never throws
 * (DESIGN decision 8: the page renders with its defaults and shows a localized notice).
 * Client widgets get no hook from here (this module stays free of React): each builds its own small
 * hook on top of `LoadState`, starting at idle or pending and settling the same way `load` does.
 */
export type LoadErrorKind =
  'api' | 'http' | 'schema' | TransportErrorKind | 'unknown';

/** Enough for the page to choose its localized notice; never the raw message or stack. */
export type LoadError = {
  /** The error's own `code` (API_ERROR, HTTP_STATUS_ERROR, TRANSPORT_ERROR, SCHEMA_ERROR), else UNKNOWN_ERROR. */
  readonly code: string;
  readonly kind: LoadErrorKind;
};

export type LoadState<T> =
  | { readonly state: 'idle'; readonly data: T }
  | { readonly state: 'pending'; readonly data: T }
  | { readonly state: 'success'; readonly data: T }
  | { readonly state: 'error'; readonly data: T; readonly error: LoadError };

/** Where a load ends. */
export type SettledLoadState<T> = Extract<
  LoadState<T>,
  { state: 'success' | 'error' }
>;

export const describeLoadError = (error: unknown): LoadError => {
  if (error instanceof ApiError) return { code: error.code, kind: 'api' };
  if (error instanceof HttpStatusError)
    return { code: error.code, kind: 'http' };
  if (error instanceof TransportError)
    return { code: error.code, kind: error.kind };
  if (error instanceof SchemaError) return { code: error.code, kind: 'schema' };
  return { code: 'UNKNOWN_ERROR', kind: 'unknown' };
};

/** Runs a loader for a server component: success with its data, or error with `fallback`. Never throws. */
export const load = async <T>(
  promiseFactory: () => Promise<T>,
  fallback: NoInfer<T>,
): Promise<SettledLoadState<T>> => {
  try {
    return { state: 'success', data: await promiseFactory() };
  } catch (error) {
    return { state: 'error', data: fallback, error: describeLoadError(error) };
  }
};
