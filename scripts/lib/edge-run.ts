/**
 * Running nginx for serve:edge and the tests: installed with apt when missing (like test:setup's
 * chromium), started in the foreground with a directory of its own, stopped by PID.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';

import { writeErrorPages } from './edge-errors.ts';
import {
  BROTLI_MODULE,
  buildIdOf,
  nginxConfig,
  type EdgeOptions,
} from './edge.ts';
import { ROOT, type Running } from './processes.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const apt = (packages: string[]) => {
  const root = process.getuid?.() === 0;
  const command = root ? 'apt-get' : 'sudo';
  const prefix = root ? [] : ['-n', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync(command, [...prefix, 'update'], { stdio: 'inherit', env });
  return spawnSync(
    command,
    [...prefix, 'install', '-y', '--no-install-recommends', ...packages],
    { stdio: 'inherit', env },
  ).status;
};

/** nginx, and Debian's brotli filter when it installs; throws naming what is missing. */
export const ensureNginx = () => {
  if (existsSync(NGINX)) return;
  if (process.env.NGINX_PATH)
    throw new Error(`NGINX_PATH=${NGINX} does not exist`);
  console.log('nginx is missing: installing nginx with apt');
  if (
    apt(['nginx-light', 'libnginx-mod-http-brotli-filter']) !== 0 &&
    apt(['nginx-light']) !== 0
  )
    throw new Error(
      'nginx is missing and apt-get could not install nginx-light',
    );
  if (!existsSync(NGINX))
    throw new Error(`nginx is not at ${NGINX} after install`);
};

const accepting = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export type Edge = Running & {
  /** Writes the configuration again with another build id and reloads nginx (SIGHUP). */
  reload: (buildId: string) => Promise<void>;
};

export const startEdge = async (
  options: Omit<EdgeOptions, 'buildId' | 'brotli' | 'errorPages'> & {
    buildId?: string;
  },
): Promise<Edge> => {
  mkdirSync(options.dir, { recursive: true });
  const errorPages = path.join(options.dir, 'errors');
  await writeErrorPages(errorPages);
  const file = path.join(options.dir, 'nginx.conf');
  const write = (buildId: string) =>
    writeFileSync(
      file,
      nginxConfig({
        ...options,
        errorPages,
        buildId,
        brotli: existsSync(BROTLI_MODULE),
        ...(process.getuid?.() === 0 ? { user: userInfo().username } : {}),
      }),
    );
  write(options.buildId ?? buildIdOf(ROOT));
  const check = spawnSync(NGINX, ['-t', '-q', '-p', options.dir, '-c', file], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(
    NGINX,
    ['-p', options.dir, '-c', file, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const [host = '127.0.0.1', portText = ''] = options.listen.includes(':')
    ? options.listen.split(':')
    : ['127.0.0.1', options.listen];
  const port = Number(portText);
  const deadline = Date.now() + 15_000;
  while (!(await accepting(host, port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => resolve()),
    );
    child.kill('SIGQUIT'); // graceful: open requests finish
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const reload = async (buildId: string) => {
    write(buildId);
    child.kill('SIGHUP');
    // new workers take the new configuration; give the old ones a moment to finish
    await new Promise((resolve) => setTimeout(resolve, 500));
  };
  return { url: `http://${host}:${port}`, child, stop, reload };
};
