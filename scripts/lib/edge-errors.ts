/**
 * The edge's own answer when it has nothing cached and no site process answers (issue 25): a
 * static 503 page per locale, in the locale of the address (`/ja-JP/…` → Japanese; anything else
 * → the default locale), from the catalogs' existing error-screen messages (`error.unavailable.*`,
 * `error.status`, `error.backHome`), so the translators' words are the site's own. Written by
 * `npm run edge:config` (deploy/nginx/errors/) and by the edge the tests and serve:edge start.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import {
  getLocaleEntry,
  LOCALE_CODES,
  SOURCE_LOCALE,
  type Locale,
} from '../../src/i18n/locales.ts';
import { poFormatter } from './po-format.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The message ids the page shows, all already in every catalog. */
const IDS = {
  title: 'error.unavailable.title',
  body: 'error.unavailable.body',
  status: 'error.status',
  home: 'error.backHome',
} as const;

export type ErrorPageTexts = Record<keyof typeof IDS, string>;

/** The page's texts in one locale, from locale/<code>/messages.po; throws naming a missing one. */
export const errorPageTexts = async (
  locale: Locale,
  root = ROOT,
): Promise<ErrorPageTexts> => {
  const file = path.join(root, 'locale', locale, 'messages.po');
  const catalog = await poFormatter().parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: SOURCE_LOCALE,
    filename: file,
  });
  const text = (id: string) => {
    const entry = catalog?.[id];
    const value = entry?.translation || entry?.message;
    if (!value) throw new Error(`${file}: no translation for ${id}`);
    return value;
  };
  return {
    title: text(IDS.title),
    body: text(IDS.body),
    status: text(IDS.status).replace('{status}', '503'),
    home: text(IDS.home),
  };
};

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The one inline style of every error page (its hash goes in the page's CSP). */
export const ERROR_PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;display:grid;min-height:100vh;place-items:center;background:#f7f8fa;color:#1d2129}main{max-width:32rem;padding:2rem;text-align:center}p.code{color:#6b7280;margin:0}h1{font-size:1.5rem;margin:.5rem 0 1rem}a{color:#1a56db}';

/** The CSP of the error pages: nothing but their one inline style. */
export const errorPageCsp = (): string =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(ERROR_PAGE_STYLE).digest('base64')}'`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

/**
 * The headers the site's answers carry (src/middleware/security-headers.ts `baseSecurityHeaders`
 * in production; a unit test keeps the two equal), sent by the edge with its error page.
 */
export const EDGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};

export const errorPageHtml = (locale: Locale, t: ErrorPageTexts): string => {
  const entry = getLocaleEntry(locale);
  const home = `/${locale}`;
  return `<!doctype html>
<html lang="${entry.hreflang}" dir="${entry.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<p class="code">${escapeHtml(t.status)}</p>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.body)}</p>
<p><a href="${home}">${escapeHtml(t.home)}</a></p>
</main>
</body>
</html>
`;
};

/** The file name of a locale's page (`ja-JP.html`). */
export const errorPageFile = (locale: Locale) => `${locale}.html`;

/** The API's answer when no process answers: the site's envelope (src/middleware/api-proxy.ts). */
export const API_ERROR_FILE = 'unavailable.json';
/** A file's answer (an asset, an image, robots.txt) when no process answers. */
export const FILE_ERROR_FILE = 'unavailable.txt';
const UNAVAILABLE = 'Service temporarily unavailable';
/** A request the edge cannot read: the site's own answer (src/server/bare-answers.ts). */
export const BAD_REQUEST_FILE = 'bad-request.txt';

/** Every locale's page, the API's envelope and the files' text, by file name. */
export const errorPages = async (root = ROOT): Promise<Map<string, string>> => {
  const pages = new Map<string, string>([
    [
      API_ERROR_FILE,
      `${JSON.stringify({ ret_code: 503, ret_msg: UNAVAILABLE, message: UNAVAILABLE, result: null })}\n`,
    ],
    [FILE_ERROR_FILE, `503 ${UNAVAILABLE}\n`],
    [BAD_REQUEST_FILE, 'Bad Request\n'],
  ]);
  for (const locale of LOCALE_CODES)
    pages.set(
      errorPageFile(locale),
      errorPageHtml(locale, await errorPageTexts(locale, root)),
    );
  return pages;
};

/** Writes every locale's page into `dir`. */
export const writeErrorPages = async (dir: string): Promise<void> => {
  mkdirSync(dir, { recursive: true });
  for (const [file, html] of await errorPages())
    writeFileSync(path.join(dir, file), html);
};
