/**
 * npm run i18n:check (CI) — exits 1 with a per-locale report when a catalog is stale against the
 * source (extraction would add, remove or change messages), a message is missing in any of the
 * locales before fallback, a translation breaks ICU syntax, or a translation drops, adds or
 * renames a placeholder, plural/select argument or tag, a narrow place's label is longer than its
 * source allows, or a translation leaves the glossary (locale/glossary.json). Read-only: extraction runs in memory
 * through @lingui/cli's API and nothing under locale/ is written.
 *
 *   de-DE: 2 missing, 1 placeholder mismatch ({key} missing in "Token-Launch")
 *       missing: "Skip to content"  [nMrHm0]
 *       …
 *
 * The checks themselves are pure functions in i18n-check-lib.ts.
 */
import { readFile } from 'node:fs/promises';

import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import * as v from 'valibot';

import { getLocaleEntry, LOCALES, SOURCE_LOCALE } from '../src/i18n/locales.ts';
import {
  aliasFindings,
  formatLocaleReport,
  staleFindings,
  translationFindings,
  type Catalog,
  type Extracted,
  type Finding,
  type Glossary,
} from './i18n-check-lib.ts';

const root = new URL('..', import.meta.url).pathname;

const pattern = v.pipe(
  v.string(),
  v.check((p) => {
    try {
      new RegExp(p, 'iu');
      return true;
    } catch {
      return false;
    }
  }, 'not a regular expression'),
);
const glossarySchema = v.object({
  terms: v.array(
    v.object({
      concept: v.string(),
      source: pattern,
      locales: v.record(
        v.string(),
        v.object({
          use: v.pipe(v.array(pattern), v.minLength(1)),
          avoid: v.optional(v.array(pattern)),
        }),
      ),
    }),
  ),
  exceptions: v.array(
    v.object({
      locale: v.string(),
      id: v.string(),
      concept: v.string(),
      reason: v.pipe(v.string(), v.minLength(1)),
    }),
  ),
});

/** The committed glossary (locale/glossary.json), checked against its schema. */
const readGlossary = async (): Promise<Glossary> =>
  v.parse(
    glossarySchema,
    JSON.parse(await readFile(`${root}locale/glossary.json`, 'utf8')),
  );

const main = async (): Promise<number> => {
  const glossary = await readGlossary();
  const config = getConfig({ cwd: root });
  const catalogs = await getCatalogs(config);
  let failed = false;
  const lines: string[] = [];
  // One catalog file set today; several would each be checked the same way.
  for (const catalog of catalogs) {
    const extracted = (await catalog.collect()) as
      Extracted | false | undefined;
    if (!extracted) {
      console.log(`${catalog.path}: extraction failed (see the errors above)`);
      return 1;
    }
    const read = async (locale: string): Promise<Catalog | undefined> =>
      (await catalog.read(locale)) ?? undefined;
    const count = Object.keys(extracted).length;
    const source = (await read(SOURCE_LOCALE)) ?? {};
    for (const entry of LOCALES) {
      const catalogOfLocale = await read(entry.code);
      if (!catalogOfLocale) {
        failed = true;
        lines.push(
          `${entry.code}: no catalog at ${catalog.getFilename(entry.code)}`,
        );
        continue;
      }
      const findings: Finding[] = [
        ...staleFindings(
          extracted,
          catalogOfLocale,
          entry.code === SOURCE_LOCALE,
        ),
        ...translationFindings(
          extracted,
          catalogOfLocale,
          getLocaleEntry(entry.code).intl,
          { glossary, locale: entry.code },
        ),
        ...('aliasOf' in entry && entry.aliasOf === SOURCE_LOCALE
          ? aliasFindings(catalogOfLocale, source, SOURCE_LOCALE)
          : []),
      ];
      if (findings.length) failed = true;
      lines.push(...formatLocaleReport(entry.code, findings, count));
    }
  }
  console.log(lines.join('\n'));
  if (failed)
    console.log(
      '\ni18n check failed. Stale or missing entries: run npm run i18n:extract, then translate the empty msgstr entries (docs/translators.md).',
    );
  return failed ? 1 : 0;
};

process.exitCode = await main();
