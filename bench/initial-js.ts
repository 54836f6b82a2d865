/**
 * node bench/initial-js.ts [path …] — the JS a page's HTML loads before any interaction (module
 * scripts, modulepreloads and inline `import("…")`, each with its static closure: issue 27), summed
 * as gzip (level 9), against the production build in dist/; `npm run bench` checks the same count
 * against bench/budgets.json. Starts the stack (sandbox + server) on a free loopback port.
 *
 * Prints one line per page and, with --files, every file with its gzip size; with --widgets, the
 * widgets chunk (fetched after the page starts, decision 0005) with its static closure less what
 * the page's first JS holds: what the widgets add to the page (decision 0045).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { ROOT, startStack } from '../scripts/lib/processes.ts';
import { PERSON_UA } from '../tests/helpers/chromium.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { initialJsFiles } from './lib/initial-js-files.ts';

const gzipOf = (file: string): number =>
  gzipSync(readFileSync(path.join(ROOT, 'dist/public', file)), { level: 9 })
    .byteLength;

const main = async () => {
  const args = process.argv.slice(2);
  const listFiles = args.includes('--files');
  const widgets = args.includes('--widgets')
    ? readdirSync(path.join(ROOT, 'dist/public/assets')).find((f) =>
        /^widgets\.client-[\w-]+\.js$/.test(f),
      )
    : undefined;
  const pages = args.filter((a) => !a.startsWith('--'));
  const port = await freePort();
  const siteOrigin = `http://127.0.0.1:${port}`;
  const stack = await startStack({ port, siteOrigin });
  try {
    for (const page of pages.length ? pages : ['/en']) {
      const html = await (
        await fetch(`${siteOrigin}${page}`, {
          headers: { 'user-agent': PERSON_UA },
        })
      ).text();
      const files = initialJsFiles(html).map((file) => ({
        file,
        gzip: gzipOf(file),
      }));
      const total = files.reduce((sum, f) => sum + f.gzip, 0);
      console.log(
        `${page}: ${files.length} files, ${(total / 1024).toFixed(1)} KB gzip (${total} B)`,
      );
      if (listFiles)
        for (const f of files)
          console.log(`  ${f.file.padEnd(48)} ${f.gzip} B`);
      if (widgets) {
        const firstJs = new Set(files.map((f) => f.file));
        const added = initialJsFiles(`<script src="/assets/${widgets}">`)
          .filter((file) => !firstJs.has(file))
          .map((file) => ({ file, gzip: gzipOf(file) }));
        console.log(
          `  widgets chunk and what it loads beyond the first JS: ${added.length} files, ${added.reduce((sum, f) => sum + f.gzip, 0)} B gzip`,
        );
        if (listFiles)
          for (const f of added)
            console.log(`    ${f.file.padEnd(46)} ${f.gzip} B`);
      }
    }
  } finally {
    await stack.stop();
  }
};

if (import.meta.main) await main();
