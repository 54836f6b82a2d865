import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

import {
  NODE,
  ROOT,
  stopChild,
  type Running,
} from '../../scripts/lib/processes.ts';

const APP = path.join(ROOT, 'bench/framework-floor');

/**
 * The framework floor for reading the uncached ratio: a bare Waku app (bench/framework-floor,
 * the same pinned waku, react and react-dom) whose dynamic `/{locale}/launchpad` renders the same
 * list as the site's page from the same sandbox data (issue 23), served by the `serve-node.js`
 * its build writes: no middleware, no compression, no translations. The site's uncached
 * /en/launchpad is budgeted against it in the same run. Not part of the site.
 */
export const buildFrameworkFloor = (): void => {
  const built = spawnSync(
    NODE,
    [path.join(ROOT, 'node_modules/waku/cli.js'), 'build'],
    {
      cwd: APP,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (built.status !== 0) throw new Error('the bare Waku app did not build');
};

/** Starts the built floor app on `port` and resolves once it answers. */
export const startFrameworkFloor = async (
  port: number,
  /** Where its launchpad list comes from: the site's sandbox API (the same data). */
  apiOrigin: string,
): Promise<Running> => {
  const child = spawn(NODE, [path.join(APP, 'dist/serve-node.js')], {
    cwd: APP,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      FLOOR_API_ORIGIN: apiOrigin,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopChild(child);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const answered = await fetch(`${url}/en/launchpad`, {
      signal: AbortSignal.timeout(1000),
    }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (answered) return { url, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the bare Waku app did not start');
};
