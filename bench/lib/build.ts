import { spawnSync } from 'node:child_process';

import { ROOT } from '../../scripts/lib/processes.ts';

/**
 * The production build a benchmark measures: `npm run build`, unless BENCH_SKIP_BUILD=1 says
 * the last one is reused. Returns the seconds it took (NaN when skipped); throws when it fails.
 */
export const buildUnlessSkipped = (): number => {
  if (process.env.BENCH_SKIP_BUILD === '1') return Number.NaN;
  const started = Date.now();
  const built = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error('build failed');
  return (Date.now() - started) / 1000;
};
