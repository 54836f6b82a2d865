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
 * the same pinned waku, react and react-dom) whose dynamic `/{locale}/launchpad` renders one
 * heading, served by the `serve-node.js` its build writes: no middleware, no compression, no
 * data, no translations. What it serves is about the most any page of this stack can serve on
 * this machine. Not part of the site; it runs beside it in `npm run bench`.
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
export const startFrameworkFloor = async (port: number): Promise<Running> => {
  const child = spawn(NODE, [path.join(APP, 'dist/serve-node.js')], {
    cwd: APP,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
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
