import { LOCAL_STORAGE_KEYS } from './config/storage-keys.ts';
import {
  createRequestClient,
  type Platform,
  type RequestClient,
} from './http/index.ts';

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
): string =>
  (dev ? devOverride(LOCAL_STORAGE_KEYS.devApiOrigin, storage) : undefined) ??
  '';

/** The websocket origin: the environment's ws2 host, or in development `dev:wsOrigin`. */
export const clientWebsocketOrigin = (
  fallback: string,
  dev = import.meta.env.DEV,
  storage: ReadableStorage | undefined = browserStorage(),
): string =>
  (dev ? devOverride(LOCAL_STORAGE_KEYS.devWsOrigin, storage) : undefined) ??
  fallback;

/**
 * The request client in the browser: the page's locale as Lang and the browser's platform
 * (see `browserPlatform`), cookies sent.
 */
export const clientApi = (lang: string, platform: Platform): RequestClient =>
  createRequestClient({ baseURL: clientApiOrigin(), lang, platform });
