/**
 * The production image (deploy/container/Containerfile) on this machine with podman: the tools
 * installed with apt when missing, a Debian base made with mmdebstrap and imported once, the
 * image built with layer caching, containers run on the host's network. Every podman call runs
 * with runc, cgroupfs and deploy/container/containers.conf (no default ulimits): crun, systemd
 * cgroups and the default ulimits are refused on CI's kind of machine.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { aptInstall, canInstall } from './apt.ts';
import { ROOT } from './processes.ts';

export const CONTAINERFILE = path.join(ROOT, 'deploy/container/Containerfile');
export const CONTAINERS_CONF = path.join(
  ROOT,
  'deploy/container/containers.conf',
);
/** The local Debian base CI builds from (BASE build argument). */
export const BASE_IMAGE = 'localhost/debian-base:bookworm';
const BASE_SUITE = 'bookworm';

const GLOBAL_ARGS = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
const podmanEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  CONTAINERS_CONF,
});

/** `podman <args>` with this machine's settings; output captured. */
export const podman = (
  args: readonly string[],
  options: { timeoutMs?: number } = {},
): SpawnSyncReturns<string> =>
  spawnSync('podman', [...GLOBAL_ARGS, ...args], {
    env: podmanEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  });

/** `podman <args>` in the background (a `podman stop` watched while it runs). */
export const podmanAsync = (
  args: readonly string[],
): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn('podman', [...GLOBAL_ARGS, ...args], {
      env: podmanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });

/** `podman <args>` with its output on this process's, for the long steps (build, mmdebstrap). */
const podmanShown = (args: readonly string[]): number | null =>
  spawnSync('podman', [...GLOBAL_ARGS, ...args], {
    env: podmanEnv(),
    stdio: ['ignore', 'inherit', 'inherit'],
  }).status;

const has = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    .status === 0;

/** The commands the container test runs, and the Debian packages that bring them. */
const TOOLS = [
  { command: 'podman', debianPackage: 'podman', required: true },
  { command: 'runc', debianPackage: 'runc', required: true },
  { command: 'mmdebstrap', debianPackage: 'mmdebstrap', required: true },
  // podman's network helpers: without them it warns at every call, even on the host's network
  {
    command: '/usr/lib/cni/host-local',
    debianPackage: 'containernetworking-plugins',
    required: false,
  },
] as const;

export type ContainerSupport =
  { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Installs what is missing (podman, runc, mmdebstrap, podman's network helpers) with apt, then asks podman to describe
 * its host: whether this machine can build and run the image, and if not, why in one line.
 */
export const ensureContainerTools = (): ContainerSupport => {
  const missing = TOOLS.filter((tool) => !has(tool.command));
  if (missing.length && canInstall())
    aptInstall(missing.map((tool) => tool.debianPackage));
  const still = TOOLS.filter((tool) => tool.required && !has(tool.command));
  if (still.length)
    return {
      ok: false,
      reason: `${still.map((t) => t.command).join(', ')} missing and ${
        canInstall()
          ? `\`apt-get install ${still.map((t) => t.debianPackage).join(' ')}\` failed`
          : 'apt-get needs root'
      }`,
    };
  const info = podman(['info', '--format', '{{.Host.OCIRuntime.Name}}'], {
    timeoutMs: 60_000,
  });
  if (info.status !== 0)
    return {
      ok: false,
      reason: `podman cannot run here: ${(info.stderr || info.stdout).trim().split('\n').at(-1) ?? ''}`,
    };
  return { ok: true };
};

/**
 * The Debian base, made once per machine: `mmdebstrap --variant=minbase bookworm` from Debian's
 * archive, imported as BASE_IMAGE. Returns whether it was made now (false: it existed).
 */
export const ensureBaseImage = (): boolean => {
  if (podman(['image', 'exists', BASE_IMAGE]).status === 0) return false;
  const dir = mkdtempSync(path.join(tmpdir(), 'exchange-base-'));
  try {
    const tar = path.join(dir, 'rootfs.tar');
    const made = spawnSync(
      'mmdebstrap',
      ['--variant=minbase', BASE_SUITE, tar],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (made.status !== 0)
      throw new Error(`mmdebstrap exited with ${made.status}`);
    if (podmanShown(['import', tar, BASE_IMAGE]) !== 0)
      throw new Error(`podman import of ${tar} failed`);
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * Builds the image from the repository (build context: the root, filtered by .dockerignore)
 * on BASE_IMAGE, reusing podman's cached layers; in the docker format, which keeps HEALTHCHECK.
 * The CAs this machine trusts (NODE_EXTRA_CA_CERTS, else the system's bundle: a TLS-intercepting
 * proxy in front of the npm registry is trusted there) reach the build's npm installs as the
 * `npm-ca` secret, kept in no layer.
 */
export const buildImage = (tag: string): void => {
  const ca =
    process.env.NODE_EXTRA_CA_CERTS ?? '/etc/ssl/certs/ca-certificates.crt';
  const status = podmanShown([
    'build',
    '--format',
    'docker',
    '--network=host',
    '--layers',
    ...(ca && existsSync(ca) ? ['--secret', `id=npm-ca,src=${ca}`] : []),
    '--build-arg',
    `BASE=${BASE_IMAGE}`,
    '--file',
    CONTAINERFILE,
    '--tag',
    tag,
    ROOT,
  ]);
  if (status !== 0) throw new Error(`podman build exited with ${status}`);
};

/** The image's size in bytes as podman reports it (all layers, uncompressed). */
export const imageSize = (tag: string): number => {
  const result = podman(['image', 'inspect', '--format', '{{.Size}}', tag]);
  if (result.status !== 0) throw new Error(result.stderr);
  return Number(result.stdout.trim());
};
