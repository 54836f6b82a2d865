import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { clientMessageIds, sizeLine, sizeOf } from './i18n-compile.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'i18n-compile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('client subsets', () => {
  it('keeps only messages extracted from client code (*.client.ts(x), src/lib/client/)', async () => {
    const file = path.join(dir, 'messages.po');
    writeFileSync(
      file,
      [
        'msgid ""',
        'msgstr ""',
        '"Language: de-DE\\n"',
        '',
        '#: src/components/copy-button.client.tsx',
        'msgid "Copy"',
        'msgstr "Kopieren"',
        '',
        '#: src/features/home/page.tsx',
        '#: src/features/red-envelopes/receive-button.client.tsx',
        'msgid "Open"',
        'msgstr "Öffnen"',
        '',
        '#: src/lib/client/api.ts',
        'msgid "Unknown error occurred"',
        'msgstr "Unbekannter Fehler"',
        '',
        '#: src/components/app/labels.client.ts',
        'msgid "Funding"',
        'msgstr "Finanzierung"',
        '',
        '#: src/features/home/page.tsx',
        'msgid "Home"',
        'msgstr "Startseite"',
        '',
        '#~ msgid "Gone"',
        '#~ msgstr "Weg"',
        '',
      ].join('\n'),
    );
    const ids = await clientMessageIds(file, 'de-DE');
    // Copy, Open, Unknown error occurred and Funding (ids are hashes of the messages); not Home
    expect(ids.size).toBe(4);
  });

  it('measures UTF-8 bytes and gzip, not characters', () => {
    const size = sizeOf('日本語'.repeat(100));
    expect(size.bytes).toBe(900);
    expect(size.gzip).toBeLessThan(100);
    expect(
      sizeLine(
        'ja-JP',
        { bytes: 20_000, gzip: 8_000 },
        { bytes: 1_000, gzip: 600 },
      ),
    ).toBe(
      'ja-JP   client.json  1,000 B (gzip   600) of messages.json  20,000 B (gzip  8,000): 95% / 93% gzip saved',
    );
  });
});

describe('the hint Lingui prints after an extraction', () => {
  it('names an npm script that exists and runs lingui compile', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    // Lingui's own helper (not in its exports map): the command it prints after `lingui extract`
    const help = (await import(
      pathToFileURL(
        path.join(root, 'node_modules/@lingui/cli/dist/api/help.js'),
      ).href
    )) as { helpRun: (command: string) => string };
    const cwd = process.cwd();
    process.chdir(root);
    let hint: string;
    try {
      hint = help.helpRun('compile');
    } finally {
      process.chdir(cwd);
    }
    const scripts = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const name = hint.replace(/^npm run /, '');
    expect(hint).toBe(`npm run ${name}`);
    expect(scripts[name]).toMatch(/\blingui compile\b/);
  });
});
