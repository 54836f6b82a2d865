import 'server-only';

import { ERROR_MESSAGES, errorTexts } from '../components/errors/messages.ts';
import {
  DEFAULT_LOCALE,
  getLocaleEntry,
  type Locale,
} from '../i18n/locales.ts';
import { localePrefix } from '../i18n/routing.ts';
import { escapeHtml } from '../lib/html.ts';
import { getServerI18n } from '../lib/i18n/server.ts';

/**
 * The last-resort error document, for when React could not render at all: localized, no
 * script, never the exception message.
 */
export const fallbackErrorHtml = (
  locale: Locale | undefined,
  status: number,
  nonce: string,
): string => {
  const code = locale ?? DEFAULT_LOCALE;
  const entry = getLocaleEntry(code);
  const i18n = getServerI18n(code);
  const texts = errorTexts(status);
  const title = escapeHtml(i18n._(texts.title));
  return `<!doctype html><html lang="${entry.hreflang}" dir="${entry.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#0b1416;color:#e8f3f2}main{max-width:32rem;padding:2rem}a{color:#0bd4c6}</style></head><body><main><p>${escapeHtml(i18n._({ ...ERROR_MESSAGES.statusLabel, values: { status } }))}</p><h1>${title}</h1><p>${escapeHtml(i18n._(texts.body))}</p><p><a href="${localePrefix(code) || '/'}">${escapeHtml(i18n._(ERROR_MESSAGES.backHome))}</a></p></main></body></html>`;
};
