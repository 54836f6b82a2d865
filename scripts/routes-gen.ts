/**
 * npm run routes:gen — writes src/routes.gen.ts, the route table gathered from every
 * src/features/<feature>/route.ts (npm run dev, build and test run it first). With --check it
 * writes nothing and fails when the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import {
  readRouteFiles,
  ROUTES_GEN,
  routesGenSource,
} from './lib/routes-gen.ts';

const file = path.resolve(import.meta.dirname, '..', ROUTES_GEN);
const wanted = await routesGenSource(await readRouteFiles());
let current = '';
try {
  current = readFileSync(file, 'utf8');
} catch {
  // not written yet
}
if (current === wanted) process.exit(0);
if (process.argv.includes('--check')) {
  console.error(`${ROUTES_GEN} is out of date: run npm run routes:gen`);
  process.exit(1);
}
writeFileSync(file, wanted);
console.log(`wrote ${ROUTES_GEN}`);
