/**
 * npm run i18n:compile — Lingui compiles every PO catalog to locale/<code>/messages.json
 * (the whole catalog, for the server); then this writes locale/<code>/client.json with only
 * the messages client widgets use (those extracted from *.client.tsx files), so the browser
 * never receives the whole catalog. Both outputs are generated and git-ignored.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { formatter } from '@lingui/format-po';

import { LOCALE_CODES } from '../src/lib/locales.ts';

const root = path.resolve(import.meta.dirname, '..');
const CLIENT_ORIGIN = /\.client\.tsx?$/;

export const clientMessageIds = async (
  poFile: string,
  locale: string,
): Promise<Set<string>> => {
  const catalog = await formatter({ lineNumbers: false }).parse(
    readFileSync(poFile, 'utf8'),
    {
      locale,
      sourceLocale: 'en',
      filename: poFile,
    },
  );
  const ids = new Set<string>();
  for (const [id, entry] of Object.entries(catalog)) {
    if ((entry.origin ?? []).some(([file]) => CLIENT_ORIGIN.test(file)))
      ids.add(id);
  }
  return ids;
};

const main = async () => {
  const lingui = path.join(root, 'node_modules/.bin/lingui');
  const result = spawnSync(lingui, ['compile', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  let fullBytes = 0;
  let clientBytes = 0;
  for (const locale of [...LOCALE_CODES, 'pseudo']) {
    const dir = path.join(root, 'locale', locale);
    const compiled = JSON.parse(
      readFileSync(path.join(dir, 'messages.json'), 'utf8'),
    ) as {
      messages: Record<string, unknown>;
    };
    const ids = await clientMessageIds(path.join(dir, 'messages.po'), locale);
    const subset = Object.fromEntries(
      Object.entries(compiled.messages).filter(([id]) => ids.has(id)),
    );
    const out = JSON.stringify({ messages: subset });
    writeFileSync(path.join(dir, 'client.json'), out);
    fullBytes += JSON.stringify(compiled).length;
    clientBytes += out.length;
  }
  console.log(
    `client catalogs: ${clientBytes} bytes in all locales instead of ${fullBytes} (${Math.round((1 - clientBytes / Math.max(fullBytes, 1)) * 100)}% less sent to the browser)`,
  );
};

await main();
