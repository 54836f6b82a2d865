/**
 * A countdown's words, worked out on the server with Intl (the ticker in the browser only fills
 * them in, see `CountdownWords`).
 */
import { createTextMemo } from '../../lib/memo.ts';
import {
  UNITS,
  type CountdownStyle,
  type CountdownWords,
} from './countdown.ts';

const unitFormat = (
  locale: string,
  unit: string,
  style: CountdownStyle,
): Intl.NumberFormat =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    // CLDR's narrow Japanese units are Latin ('3d'); the short ones are Japanese ('3 日')
    unitDisplay:
      style === 'compact' && !locale.startsWith('ja') ? 'narrow' : 'short',
  });

/** The largest number each unit shows (days beyond it are written without grouping). */
const LARGEST = { day: 999, hour: 23, minute: 59, second: 59 } as const;

/** Each unit's usual pattern, and the numbers whose pattern is not the usual one. */
export const countdownWords = (
  locale: string,
  style: CountdownStyle = 'full',
): CountdownWords => {
  const words: Record<string, string> = {};
  for (const unit of UNITS) {
    const format = unitFormat(locale, unit, style);
    const patterns = Array.from({ length: LARGEST[unit] + 1 }, (_, n) =>
      format
        .formatToParts(n)
        .map((part) => (part.type === 'integer' ? '#' : part.value))
        .join(''),
    );
    const tally = new Map<string, number>();
    for (const pattern of patterns)
      tally.set(pattern, (tally.get(pattern) ?? 0) + 1);
    const usual = [...tally].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    words[unit] = usual;
    patterns.forEach((pattern, n) => {
      if (pattern !== usual) words[`${unit}:${n}`] = pattern;
    });
  }
  return words;
};

/** 2 styles × the site's locales, and room for a regional frame's. */
const attributes = createTextMemo(64);
/** The words as a countdown carries them (JSON), worked out once per locale and style. */
export const countdownWordsAttribute = (
  locale: string,
  style: CountdownStyle,
): string =>
  attributes(`${locale}|${style}`, () =>
    JSON.stringify(countdownWords(locale, style)),
  );
