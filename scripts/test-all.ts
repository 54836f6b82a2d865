/**
 * npm test — every test, on a fresh machine: `npm run test:setup` first (chromium, fontconfig and
 * a font for every locale's script, installed with apt when missing), then lint (ESLint, knip
 * and the import-cycle check), typecheck, the i18n check, unit tests, the production build and the browser suite against it, then the
 * production image built and run with podman (installed with apt when missing; on a machine that
 * cannot run containers, one line says so and the step is left out). Ends with one summary line:
 * "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { ensureContainerTools } from './lib/container.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const run = (
  label: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): boolean => {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  console.log(
    `${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return ok;
};

type VitestReport = { numPassedTests: number; numFailedTests: number };
const counts = { passed: 0, failed: 0 };
const vitest = (
  label: string,
  config: string | undefined,
  report: string,
): boolean => {
  rmSync(report, { force: true });
  const ok = run(label, process.execPath, [
    bin('vitest'),
    'run',
    ...(config ? ['--config', config] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests;
  } else if (!ok) counts.failed += 1;
  return ok;
};

const steps: { name: string; ok: boolean }[] = [];
const step = (name: string, ok: boolean) => steps.push({ name, ok });

step(
  'test setup',
  run('test setup (chromium, fonts)', process.execPath, [
    'scripts/test-setup.ts',
  ]),
);
step(
  'lint',
  run('lint', process.execPath, [bin('eslint'), '.', '--max-warnings=0']) &&
    // unused files, exports and dependencies, as `npm run lint` checks them
    run('unused code (knip)', process.execPath, [
      bin('knip'),
      '--no-progress',
    ]) &&
    // no import cycle in src (.dependency-cruiser.json), as `npm run lint` checks it
    run('import cycles (dependency-cruiser)', process.execPath, [
      bin('depcruise'),
      'src',
      '--output-type',
      'err',
    ]),
);
step('typecheck', run('typecheck', process.execPath, [bin('tsc'), '--noEmit']));
step(
  'i18n check',
  run('i18n check', process.execPath, ['scripts/i18n-check.ts']),
);
step(
  'unit tests',
  vitest('unit tests', undefined, path.join(root, 'test-results/unit.json')),
);
const built = run('production build', 'npm', ['run', 'build'], {
  NODE_ENV: 'production',
});
step('build', built);
if (built)
  step(
    'browser tests',
    vitest(
      'browser tests',
      'vitest.e2e.config.ts',
      path.join(root, 'test-results/e2e.json'),
    ),
  );

// the production image (tests/container): podman, runc and mmdebstrap installed when missing
console.log('\n▶ container tools (podman, runc, mmdebstrap)');
const containers = ensureContainerTools();
if (containers.ok)
  step(
    'container test',
    vitest(
      'container test',
      'vitest.container.config.ts',
      path.join(root, 'test-results/container.json'),
    ),
  );
else
  console.log(
    `container test skipped: this machine cannot run containers (${containers.reason})`,
  );

const failedSteps = steps.filter((s) => !s.ok).map((s) => s.name);
console.log(
  `\nsteps: ${steps.map((s) => `${s.name} ${s.ok ? 'ok' : 'FAILED'}`).join(', ')}`,
);
console.log(
  `${counts.passed} passed, ${counts.failed + (failedSteps.length && !counts.failed ? 1 : 0)} failed`,
);
process.exit(failedSteps.length ? 1 : 0);
