/**
 * Throughput of `formatDecimal` and `formatPercent` (src/lib/format/decimal.ts) on fixed inputs,
 * to compare two implementations on the same machine in one sitting: run it before and after a
 * change. Two cases each: `distinct`, where every call formats a value the memo has not seen
 * (more distinct values than the memo keeps), and `repeated`, a page's few values asked again.
 * Bounded: each case runs for `--ms` milliseconds (default 1500, at most 10000).
 *
 *   node bench/format-decimal.ts [--ms 1500]
 */
import { parseArgs } from 'node:util';

import { LOCALES } from '../src/i18n/locales.ts';
import { formatDecimal, formatPercent } from '../src/lib/format/decimal.ts';

const { values } = parseArgs({
  options: { ms: { type: 'string', default: '1500' } },
});
const caseMs = Math.min(Math.max(Number(values.ms) || 1500, 100), 10_000);

/** 20,000 decimal strings of every shape the API sends, the same on every run. */
const inputs = Array.from({ length: 20_000 }, (_, i) => {
  const whole = String((i * 7919) % 10_000_000);
  const fraction = String((i * 104_729) % 1_000_000_000).padStart(9, '0');
  return `${i % 5 === 0 ? '-' : ''}${whole}.${fraction}`;
});
const ratios = inputs.map((value) => `0.${value.replace(/\D/g, '')}`);
const locales = LOCALES.map((locale) => locale.intl);

/** Calls `format` on the inputs in turn for `caseMs`; answers calls per second. */
const measure = (
  list: readonly string[],
  format: (value: string, locale: string) => string,
): number => {
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < caseMs) {
    for (let i = 0; i < 1000; i += 1) {
      const value = list[calls % list.length] ?? '0';
      format(value, locales[calls % locales.length] ?? 'en');
      calls += 1;
    }
    elapsed = performance.now() - started;
  }
  return Math.round((calls / elapsed) * 1000);
};

const repeated = inputs.slice(0, 24);
const figures = {
  formatDecimal: {
    distinct: measure(inputs, formatDecimal),
    repeated: measure(repeated, formatDecimal),
  },
  formatPercent: {
    distinct: measure(ratios, formatPercent),
    repeated: measure(ratios.slice(0, 24), formatPercent),
  },
};
console.log(`calls per second (${caseMs} ms a case, ${process.version})`);
console.table(figures);
