import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from '../../scripts/lib/processes.ts';

/**
 * The files a module imports statically (`import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`), as /assets/… paths; `import("…")` inside a module is a lazy load
 * and not counted.
 */
export const staticImports = (file: string, code: string): string[] => {
  const dir = path.posix.dirname(file);
  const found: string[] = [];
  for (const m of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}$,\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  ))
    found.push(path.posix.join(dir, m[1] ?? ''));
  return found;
};

/**
 * The JS a page loads before any interaction: every module script, modulepreload and inline
 * `import("…")` target of its HTML, with the static closure of each (the modules they import,
 * which the browser fetches before running them), each file once.
 */
export const initialJsFiles = (
  html: string,
  read: (file: string) => string = (file) =>
    readFileSync(path.join(ROOT, 'dist/public', file), 'utf8'),
): string[] => {
  const files = new Set<string>();
  for (const m of html.matchAll(
    /<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g,
  ))
    files.add(m[1] ?? '');
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g))
    files.add(m[1] ?? '');
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift())
    for (const dependency of staticImports(file, read(file)))
      if (!files.has(dependency)) {
        files.add(dependency);
        queue.push(dependency);
      }
  return [...files];
};
