import { LOCAL_STORAGE_KEYS } from '../config/storage-keys.ts';
import {
  createRequestClient,
  type RequestClient,
  type RequestClientOptions,
} from '../http/index.ts';
import { browserPlatform } from './platform.ts';

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

/**
 * The browser's one request-client factory (the server's is lib/server/api-client.ts): the
 * page's locale as Lang, this browser's platform (read here, never handed down from a cached
 * page: see `browserPlatform`), the site's own /api with cookies sent. `options` adds what one
 * caller needs (the widgets' toasts, the live tables' own timeout and retry).
 */
export const clientApi = (
  lang: string,
  options: Omit<RequestClientOptions, 'baseURL' | 'lang' | 'platform'> = {},
): RequestClient =>
  createRequestClient({
    ...options,
    baseURL: clientApiOrigin(),
    lang,
    platform:
      typeof navigator === 'undefined'
        ? 'pc'
        : browserPlatform(navigator.userAgent, navigator.maxTouchPoints),
  });
