/**
 * Installing what the tests need from Debian's archive, as root or with `sudo -n` (npm run
 * test:setup, the container test). `apt-get update` runs once per process, before the first
 * install.
 */
import { spawnSync } from 'node:child_process';

const isRoot = process.getuid?.() === 0;
let hasSudo: boolean | undefined;
/** Whether this process may run apt-get: as root, or with passwordless sudo. */
export const canInstall = (): boolean => {
  if (isRoot) return true;
  hasSudo ??=
    spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  return hasSudo;
};

const apt = (args: string[]): boolean => {
  const [cmd, ...rest] = isRoot
    ? ['apt-get', ...args]
    : ['sudo', '-n', 'apt-get', ...args];
  return (
    spawnSync(cmd ?? 'apt-get', rest, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
};

let updated = false;
/** `apt-get install` of Debian packages without their recommends; false when it failed. */
export const aptInstall = (debianPackages: readonly string[]): boolean => {
  if (!canInstall()) return false;
  if (!updated) updated = apt(['update', '-qq']);
  return apt([
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    ...debianPackages,
  ]);
};
