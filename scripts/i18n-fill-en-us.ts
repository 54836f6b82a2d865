/**
 * en-US is the English legacy locale (spec §3: treated as en): its catalog takes every
 * translation from the en catalog. Run after `npm run i18n:extract`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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

const en = await po.parse(readFileSync(file('en'), 'utf8'), ctx('en'));
const us = await po.parse(readFileSync(file('en-US'), 'utf8'), ctx('en-US'));
let filled = 0;
for (const [id, entry] of Object.entries(us)) {
  const source = en[id];
  const text = source?.translation || source?.message || id;
  if (entry.translation !== text) {
    entry.translation = text;
    filled++;
  }
}
writeFileSync(
  file('en-US'),
  await po.serialize(us, {
    ...ctx('en-US'),
    existing: readFileSync(file('en-US'), 'utf8'),
  }),
);
console.log(`en-US: ${filled} messages filled from en`);
