import {
  createRequestClient,
  type Platform,
  type RequestClient,
} from './http/index.ts';

/** Local-storage keys a developer can set to point the browser at another API (development only). */
export const DEV_API_ORIGIN_KEY = 'dev:apiOrigin';
export const DEV_WS_ORIGIN_KEY = 'dev:wsOrigin';

const devOverride = (
  key: string,
  storage: ReadableStorage | undefined,
): string | undefined => {
  try {
    const value = storage?.getItem(key) ?? '';
    return /^(?:https?|wss?):\/\/[^\s/]+$/.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

type ReadableStorage = Pick<Storage, 'getItem'>;

const browserStorage = (): ReadableStorage | undefined =>
  typeof localStorage === 'undefined' ? undefined : localStorage;

/**
 * The API origin the browser calls: the site itself (empty base URL, spec §7; the site proxies
 * /api), or in development an origin saved in local storage under `dev:apiOrigin`.
 */
export const clientApiOrigin = (
  dev = import.meta.env.DEV,
  storage: ReadableStorage | undefined = browserStorage(),
): string => (dev ? devOverride(DEV_API_ORIGIN_KEY, storage) : undefined) ?? '';

/** The websocket origin: the environment's ws2 host, or in development `dev:wsOrigin`. */
export const clientWebsocketOrigin = (
  fallback: string,
  dev = import.meta.env.DEV,
  storage: ReadableStorage | undefined = browserStorage(),
): string =>
  (dev ? devOverride(DEV_WS_ORIGIN_KEY, storage) : undefined) ?? fallback;

/**
 * The request client in the browser: the page's locale as Lang and the browser's platform
 * (see `browserPlatform`), cookies sent.
 */
export const clientApi = (lang: string, platform: Platform): RequestClient =>
  createRequestClient({ baseURL: clientApiOrigin(), lang, platform });
