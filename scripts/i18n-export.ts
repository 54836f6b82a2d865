/**
 * Translator helpers: `export` writes .cache/tr/source.json (id → English text, with the places
 * it is used); `import <locale> <files…>` merges JSON files of id → translation into
 * locale/<locale>/messages.po (only entries whose id exists; never touches others).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { poFormatter } from './lib/po-format.ts';

const root = path.resolve(import.meta.dirname, '..');
const po = poFormatter();
const file = (locale: string) =>
  path.join(root, 'locale', locale, 'messages.po');
const ctx = (locale: string) => ({
  locale,
  sourceLocale: 'en',
  filename: file(locale),
});

const [command, locale, ...files] = process.argv.slice(2);
if (command === 'export') {
  const en = await po.parse(readFileSync(file('en'), 'utf8'), ctx('en'));
  const out: Record<string, { text: string; where: string }> = {};
  for (const [id, entry] of Object.entries(en)) {
    if (entry.obsolete) continue;
    out[id] = {
      text: entry.translation || entry.message || id,
      where: (entry.origin ?? []).map((o) => o[0]).join(', '),
    };
  }
  mkdirSync(path.join(root, '.cache/tr'), { recursive: true });
  writeFileSync(
    path.join(root, '.cache/tr/source.json'),
    JSON.stringify(out, null, 1),
  );
  console.log(`${Object.keys(out).length} messages → .cache/tr/source.json`);
} else if (command === 'import' && locale) {
  const catalog = await po.parse(
    readFileSync(file(locale), 'utf8'),
    ctx(locale),
  );
  let merged = 0;
  for (const f of files) {
    const translations = JSON.parse(readFileSync(f, 'utf8')) as Record<
      string,
      string
    >;
    for (const [id, text] of Object.entries(translations)) {
      const entry = catalog[id];
      if (entry && typeof text === 'string' && text) {
        entry.translation = text;
        merged++;
      }
    }
  }
  writeFileSync(
    file(locale),
    await po.serialize(catalog, {
      ...ctx(locale),
      existing: readFileSync(file(locale), 'utf8'),
    }),
  );
  console.log(`${locale}: ${merged} translations merged`);
} else {
  console.error(
    'usage: node scripts/i18n-export.ts export | import <locale> <file.json…>',
  );
  process.exit(2);
}
