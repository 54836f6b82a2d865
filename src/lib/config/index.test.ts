import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import * as config from './index.ts';

const folder = new URL('./', import.meta.url);
const sources = readdirSync(folder).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);

describe('lib/config', () => {
  it('re-exports the public API', () => {
    for (const name of [
      'DEFAULT_SITE_DOMAIN',
      'resolveEnvironment',
      'getHostSet',
      'helpCenterLanguage',
      'helpCenterUrl',
      'getStorageKeys',
      'detectPlatform',
      'parseAppUserAgent',
      'isMobilePlatform',
      'HTTP_TIMEOUT_MS',
      'UA_MAX_LENGTH',
      'LANG_KEY',
      'LOCALE_COOKIE',
      'QUERY_LIMITS',
      'stripBrokerPrefix',
    ]) {
      expect(config, name).toHaveProperty(name);
    }
  });

  it.each(sources)(
    '%s does no I/O and imports with explicit .ts extensions',
    (file) => {
      const text = readFileSync(new URL(file, folder), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(text).not.toMatch(
        /\bprocess\.|\bfetch\(|\blocalStorage\.|\bdocument\.|\bwindow\.|from 'node:/,
      );
      for (const [, specifier] of text.matchAll(/from '(\.[^']*)'/g)) {
        expect(specifier).toMatch(/\.ts$/);
      }
    },
  );
});
