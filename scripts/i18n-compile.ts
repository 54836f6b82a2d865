/**
 * npm run i18n:compile — `lingui compile` turns every PO catalog into locale/<code>/messages.json
 * (the whole catalog, for the server); then this script
 *
 * - makes the pseudo catalog about 35% longer and bracketed (Lingui only accents it), see
 *   src/lib/i18n/pseudo.ts and docs/translators.md;
 * - writes locale/<code>/client.json with only the messages client code uses (those extracted
 *   from *.client.ts(x) files and src/lib/client/), so the browser never receives the whole
 *   catalog;
 * - prints, per locale, the bytes of both files, raw and gzip, and what the subset saves.
 *
 * Outputs are generated and git-ignored. `lingui compile` is spelled out in the package.json script
 * so that the hint Lingui prints after an extraction ("Use npm run … to compile") names it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { Messages } from '@lingui/core';

import { LOCALE_CODES, SOURCE_LOCALE } from '../src/i18n/locales.ts';
import { expandPseudoMessages, PSEUDO_LOCALE } from '../src/lib/i18n/pseudo.ts';
import { poFormatter } from './lib/po-format.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Client code: client components and modules (`*.client.ts(x)`) and the browser library. */
const CLIENT_ORIGIN = /\.client\.tsx?$|^src\/lib\/client\//;

/**
 * The ids of the messages extracted from client code (`*.client.ts(x)`, `src/lib/client/`):
 * a message the browser shows must be in its catalog, or it shows the bare id.
 */
export const clientMessageIds = async (
  poFile: string,
  locale: string,
): Promise<Set<string>> => {
  const catalog = await poFormatter().parse(readFileSync(poFile, 'utf8'), {
    locale,
    sourceLocale: SOURCE_LOCALE,
    filename: poFile,
  });
  const ids = new Set<string>();
  for (const [id, entry] of Object.entries(catalog)) {
    if (
      !entry.obsolete &&
      (entry.origin ?? []).some(([file]) => CLIENT_ORIGIN.test(file))
    )
      ids.add(id);
  }
  return ids;
};

export type Size = { bytes: number; gzip: number };
export const sizeOf = (text: string): Size => {
  const data = Buffer.from(text, 'utf8');
  return {
    bytes: data.byteLength,
    gzip: gzipSync(data, { level: 9 }).byteLength,
  };
};

const percent = (part: number, whole: number) =>
  `${Math.round((1 - part / Math.max(whole, 1)) * 100)}%`;
const n = (value: number) => value.toLocaleString('en');

/** `de-DE  client.json 1,234 B (gzip 567) of messages.json 45,678 B (gzip 9,876): 97% / 94% saved` */
export const sizeLine = (locale: string, full: Size, client: Size): string =>
  `${locale.padEnd(7)} client.json ${n(client.bytes).padStart(6)} B (gzip ${n(client.gzip).padStart(5)}) of messages.json ${n(full.bytes).padStart(7)} B (gzip ${n(full.gzip).padStart(6)}): ${percent(client.bytes, full.bytes)} / ${percent(client.gzip, full.gzip)} gzip saved`;

const main = async () => {
  const total = { full: { bytes: 0, gzip: 0 }, client: { bytes: 0, gzip: 0 } };
  const lines: string[] = [];
  for (const locale of [...LOCALE_CODES, PSEUDO_LOCALE]) {
    const dir = path.join(root, 'locale', locale);
    const file = path.join(dir, 'messages.json');
    const compiled = JSON.parse(readFileSync(file, 'utf8')) as {
      messages: Messages;
    };
    if (locale === PSEUDO_LOCALE) {
      compiled.messages = expandPseudoMessages(compiled.messages);
      writeFileSync(file, JSON.stringify(compiled));
    }
    const ids = await clientMessageIds(path.join(dir, 'messages.po'), locale);
    const subset = Object.fromEntries(
      Object.entries(compiled.messages).filter(([id]) => ids.has(id)),
    );
    const out = JSON.stringify({ messages: subset });
    writeFileSync(path.join(dir, 'client.json'), out);
    if (locale === PSEUDO_LOCALE) continue; // development only: never sent in production
    const full = sizeOf(JSON.stringify(compiled));
    const client = sizeOf(out);
    for (const [key, size] of [
      ['full', full],
      ['client', client],
    ] as const) {
      total[key].bytes += size.bytes;
      total[key].gzip += size.gzip;
    }
    lines.push(sizeLine(locale, full, client));
  }
  console.log(
    [
      `client catalogs (${LOCALE_CODES.length} locales; what a page sends to the browser instead of the whole catalog):`,
      ...lines.map((l) => `  ${l}`),
      `  ${sizeLine('total', total.full, total.client)}`,
    ].join('\n'),
  );
};

if (import.meta.main) await main();
