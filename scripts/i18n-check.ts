/**
 * npm run i18n:check — fails with a per-locale report when a catalog is stale against the
 * source (extraction would change it), a message is missing in any locale before fallback, a
 * translation breaks ICU syntax, or drops/renames a placeholder. Never touches locale/.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { formatter } from '@lingui/format-po';

import { LOCALE_CODES, SOURCE_LOCALE } from '../src/lib/locales.ts';
import { checkTranslation, describeProblem } from './i18n-check-lib.ts';

const root = path.resolve(import.meta.dirname, '..');
type Entry = {
  message?: string;
  translation?: string;
  origin?: [string, number?][];
  obsolete?: boolean;
};

const readCatalog = async (
  file: string,
  locale: string,
): Promise<Record<string, Entry>> =>
  await formatter({ lineNumbers: false }).parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: SOURCE_LOCALE,
    filename: file,
  });

/** Extract into a copy of locale/ and compare ids, sources and origins with the real catalogs. */
const staleReport = async (): Promise<string[]> => {
  const temp = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
  try {
    cpSync(path.join(root, 'locale'), path.join(temp, 'locale'), {
      recursive: true,
    });
    const config = path.join(temp, 'lingui.config.ts');
    writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(root, 'lingui.config.ts'))};\nexport default { ...base, rootDir: ${JSON.stringify(root)}, catalogs: base.catalogs.map((c) => ({ ...c, path: ${JSON.stringify(path.join(temp, 'locale/{locale}/messages'))} })) };\n`,
    );
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/lingui'),
      ['extract', '--clean', '--config', config, '--locale', SOURCE_LOCALE],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    if (result.status !== 0)
      return [`extraction failed: ${result.stderr || result.stdout}`];
    const before = await readCatalog(
      path.join(root, 'locale', SOURCE_LOCALE, 'messages.po'),
      SOURCE_LOCALE,
    );
    const after = await readCatalog(
      path.join(temp, 'locale', SOURCE_LOCALE, 'messages.po'),
      SOURCE_LOCALE,
    );
    const problems: string[] = [];
    for (const id of Object.keys(after)) {
      if (!before[id])
        problems.push(
          `new message not in the catalogs: ${JSON.stringify(after[id]?.message ?? id)}`,
        );
      else if ((before[id]?.message ?? '') !== (after[id]?.message ?? ''))
        problems.push(`source changed: ${id}`);
      else {
        const o1 = (before[id]?.origin ?? [])
          .map((o) => o[0])
          .sort()
          .join(',');
        const o2 = (after[id]?.origin ?? [])
          .map((o) => o[0])
          .sort()
          .join(',');
        if (o1 !== o2)
          problems.push(
            `origins changed for ${JSON.stringify(after[id]?.message ?? id)}`,
          );
      }
    }
    for (const id of Object.keys(before)) {
      if (!after[id] && !before[id]?.obsolete)
        problems.push(
          `message no longer in the source: ${JSON.stringify(before[id]?.message ?? id)}`,
        );
    }
    return problems;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
};

const main = async () => {
  let failed = false;
  const stale = await staleReport();
  if (stale.length) {
    failed = true;
    console.log(
      `catalogs are stale against the source (run npm run i18n:extract):\n  ${stale.slice(0, 20).join('\n  ')}${stale.length > 20 ? `\n  … ${stale.length - 20} more` : ''}`,
    );
  }
  const source = await readCatalog(
    path.join(root, 'locale', SOURCE_LOCALE, 'messages.po'),
    SOURCE_LOCALE,
  );
  for (const locale of LOCALE_CODES) {
    const file = path.join(root, 'locale', locale, 'messages.po');
    if (!existsSync(file)) {
      failed = true;
      console.log(`${locale}: no catalog`);
      continue;
    }
    const catalog = await readCatalog(file, locale);
    const counts = new Map<string, number>();
    const examples: string[] = [];
    for (const [id, entry] of Object.entries(source)) {
      if (entry.obsolete) continue;
      const sourceText = entry.translation || entry.message || id;
      const translation =
        locale === SOURCE_LOCALE ? sourceText : catalog[id]?.translation;
      for (const problem of checkTranslation(sourceText, translation)) {
        counts.set(problem.kind, (counts.get(problem.kind) ?? 0) + 1);
        if (examples.length < 5)
          examples.push(
            `${describeProblem(problem)}: ${JSON.stringify(translation || sourceText).slice(0, 80)}`,
          );
      }
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (total === 0) {
      console.log(`${locale}: ok (${Object.keys(source).length} messages)`);
      continue;
    }
    failed = true;
    console.log(
      `${locale}: ${[...counts].map(([k, n]) => `${n} ${k.replace(/-/g, ' ')}`).join(', ')}`,
    );
    for (const example of examples) console.log(`    ${example}`);
  }
  process.exit(failed ? 1 : 0);
};

await main();
