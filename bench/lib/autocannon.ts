/**
 * One autocannon run in a child process (bench/lib/autocannon-run.ts), awaited without blocking
 * this process, killed if it outlives its duration by 30 s.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import { ROOT } from '../../scripts/lib/processes.ts';

export type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};

export const runAutocannon = async (options: {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Per-request timeout in seconds (default 10). */
  timeout?: number;
}): Promise<AutocannonResult> => {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'bench/lib/autocannon-run.ts'),
      JSON.stringify({
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: options.timeout ?? 10,
        headers: options.headers,
      }),
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const timer = setTimeout(
    () => child.kill('SIGKILL'),
    (options.seconds + 30) * 1000,
  );
  const code = await new Promise<number | null>((resolve) =>
    child.once('exit', (c) => resolve(c)),
  );
  clearTimeout(timer);
  if (code !== 0 || stdout === '')
    throw new Error(`autocannon on ${options.url} ended with ${code}`);
  return JSON.parse(stdout) as AutocannonResult;
};
