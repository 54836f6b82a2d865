/**
 * npm run dev — the development server (Vite HMR) on http://localhost:3000, with the embedded
 * sandbox API unless API_ORIGIN is set.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { ROOT, startSandbox, type Running } from './lib/processes.ts';

const port = Number(process.env.PORT ?? 3000);
const siteOrigin = process.env.SITE_ORIGIN ?? `http://localhost:${port}`;
let sandbox: Running | undefined;
let apiOrigin = process.env.API_ORIGIN ?? '';
if (!apiOrigin) {
  sandbox = await startSandbox({
    siteOrigin,
    dataFile: path.join(ROOT, '.sandbox-data/dev-state.json'),
  });
  apiOrigin = sandbox.url;
}
const waku = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules/.bin/waku'), 'dev', '--port', String(port)],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      API_ORIGIN: apiOrigin,
      SITE_ORIGIN: siteOrigin,
      PORT: String(port),
    },
  },
);
const stop = async (code: number) => {
  waku.kill('SIGTERM');
  await sandbox?.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
waku.once('exit', (code) => void stop(code ?? 0));
