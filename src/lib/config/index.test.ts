import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

const folder = new URL('./', import.meta.url);
const sources = readdirSync(folder).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);

describe('lib/config', () => {
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
