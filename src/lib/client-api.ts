import {
  createRequestClient,
  type Platform,
  type RequestClient,
} from './http/index.ts';

/**
 * The request client in the browser: same origin (the site proxies /api to the API), the
 * page's locale as Lang and the platform the server detected, cookies sent.
 */
export const clientApi = (lang: string, platform: Platform): RequestClient =>
  createRequestClient({ baseURL: '', lang, platform });
