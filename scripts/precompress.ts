/**
 * After `waku build`: writes brotli (.br) and gzip (.gz) twins of every compressible file in
 * dist/public, so static assets are served precompressed with no CPU per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// SITE_DIST_DIR: a build made into another folder than dist (waku.config.ts)
const root = path.resolve(
  import.meta.dirname,
  '..',
  process.env.SITE_DIST_DIR || 'dist',
  'public',
);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|xml|map)$/;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });

let files = 0;
let before = 0;
let afterBr = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const data = readFileSync(file);
  if (data.byteLength < 1024) continue;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
  before += data.byteLength;
  afterBr += br.byteLength;
}
console.log(
  `precompressed ${files} files: ${before} bytes → ${afterBr} bytes brotli`,
);
