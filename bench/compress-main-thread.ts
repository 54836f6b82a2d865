/**
 * How long brotli 2 (the live compression settings, src/middleware/compress.ts) holds the main
 * thread per page: synchronously, and on the zlib threadpool (event loop utilization over the
 * calls, 8 at a time). Usage: node bench/compress-main-thread.ts <page.html> (issue 23).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants } from 'node:zlib';

const file = process.argv[2];
if (!file)
  throw new Error('usage: node bench/compress-main-thread.ts <page.html>');
const body = readFileSync(file);
const params = {
  [constants.BROTLI_PARAM_QUALITY]: 2,
  [constants.BROTLI_PARAM_LGWIN]: 18,
  [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
};
const brotli = promisify(brotliCompress);
const CALLS = 2000;
for (let i = 0; i < 200; i++) brotliCompressSync(body, { params });
for (let i = 0; i < 200; i++) await brotli(body, { params });

let started = performance.now();
for (let i = 0; i < CALLS; i++) brotliCompressSync(body, { params });
const syncMs = (performance.now() - started) / CALLS;

const before = performance.eventLoopUtilization();
started = performance.now();
for (let i = 0; i < CALLS; i += 8)
  await Promise.all(Array.from({ length: 8 }, () => brotli(body, { params })));
const wallMs = (performance.now() - started) / CALLS;
const busy = performance.eventLoopUtilization(before);
console.log(
  JSON.stringify({
    bytes: body.byteLength,
    syncMainThreadMsPerCall: Number(syncMs.toFixed(4)),
    threadpoolMainThreadMsPerCall: Number((busy.active / CALLS).toFixed(4)),
    threadpoolWallMsPerCall: Number(wallMs.toFixed(4)),
  }),
);
