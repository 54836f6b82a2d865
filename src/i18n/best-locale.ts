import { match } from '@formatjs/intl-localematcher';

import { INDEXABLE_LOCALES, isLocale, type Locale } from './locales.ts';

/**
 * The indexable locale that best matches language tags, by @formatjs/intl-localematcher's best
 * fit (`ja` → ja-JP, `zh` and `zh-CN` → zh-MY, `en-GB` → en), else `fallback`, which also breaks
 * the matcher's ties. The tags must be well formed: the matcher throws on others.
 */
export function bestLocale(tags: readonly string[], fallback: Locale): Locale;
export function bestLocale(tags: readonly string[]): Locale | undefined;
export function bestLocale(
  tags: readonly string[],
  fallback?: Locale,
): Locale | undefined {
  const found = match([...tags], [...INDEXABLE_LOCALES], fallback ?? 'und', {
    algorithm: 'best fit',
  });
  return isLocale(found) ? found : fallback;
}
