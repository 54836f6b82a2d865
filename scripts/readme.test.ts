/**
 * The README and docs/configuration.md say what the code does (issue 44): the README's two
 * commands are npm scripts that do what their comments say, and the configuration tables name
 * every environment variable the code reads, and only those.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
};

/** The README's first shell block: its commands, each with its comment. */
const commands = (): { command: string; comment: string }[] => {
  const block = /```sh\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? '';
  return block
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [command = '', comment = ''] = line.split(/\s+#\s+/);
      return { command: command.trim(), comment };
    });
};

/** `npm start`, `npm test`, `npm run build` → the script's name. */
const scriptsOf = (command: string): string[] =>
  command
    .split('&&')
    .map((part) => part.trim().split(/\s+/))
    .filter(([npm]) => npm === 'npm')
    .map(([, verb, name]) => (verb === 'run' ? (name ?? '') : (verb ?? '')));

describe("the README's two commands", () => {
  it('come first: install, build and serve; install and test', () => {
    const head = read('README.md').split('\n').slice(0, 30).join('\n');
    expect(head).toContain('```sh');
    expect(head).toContain('## Where things are');
    expect(commands().map((c) => c.command)).toEqual([
      'npm install && npm run build && npm start',
      'npm install && npm test',
    ]);
  });

  it('are npm scripts (install is npm itself)', () => {
    for (const { command } of commands())
      for (const name of scriptsOf(command))
        if (name !== 'install') expect(pkg.scripts, name).toHaveProperty(name);
  });

  it('build the production build and serve it, with the sandbox, on localhost:3000', () => {
    const [serve] = commands();
    expect(serve?.comment).toMatch(/http:\/\/localhost:3000/);
    expect(pkg.scripts.build).toMatch(/^waku build\b/);
    expect(pkg.scripts.start).toBe('node scripts/start.ts');
    const start = read('scripts/start.ts');
    // the sandbox when no API_ORIGIN is configured, the port 3000 unless PORT says otherwise
    expect(start).toMatch(/API_ORIGIN/);
    expect(start).toMatch(/startSandbox/);
    expect(read('scripts/serve.ts')).toMatch(
      /process\.env\.PORT \?\? 3000[\s\S]*process\.env\.HOST \?\? '127\.0\.0\.1'/,
    );
  });

  it('run every step the comment of `npm test` names', () => {
    const [, test] = commands();
    expect(pkg.scripts.test).toBe('node scripts/test-all.ts');
    const all = read('scripts/test-all.ts');
    const setup =
      read('scripts/test-setup.ts') + read('scripts/lib/system-needs.ts');
    const steps: Record<string, RegExp> = {
      lint: /bin\('eslint'\)[\s\S]*bin\('knip'\)/,
      types: /bin\('tsc'\)/,
      'i18n check': /scripts\/i18n-check\.ts/,
      unit: /vitest\('unit/,
      build: /'build'/,
      browser: /vitest\.e2e\.config\.ts/,
      container: /vitest\.container\.config\.ts/,
    };
    for (const [step, code] of Object.entries(steps)) {
      expect(test?.comment, step).toContain(step);
      expect(all, step).toMatch(code);
    }
    // what it installs when missing
    expect(test?.comment).toMatch(/chromium, fonts, nginx and podman/);
    expect(setup).toMatch(/chromium/);
    expect(setup).toMatch(/nginx/);
    expect(setup).toMatch(/fonts-noto-cjk/);
    expect(all).toMatch(/ensureContainerTools/);
  });
});

/** Every `.ts`/`.tsx` file under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap(
    (entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return sources(rel);
      return /\.tsx?$/.test(entry.name) ? [rel] : [];
    },
  );

/** The environment variables the code reads (process.env, and the `env` record site-config.ts reads). */
const variablesRead = (): Set<string> => {
  const names = new Set<string>();
  for (const file of ['src', 'scripts', 'bench', 'tests'].flatMap(sources)) {
    const text = read(file);
    for (const match of text.matchAll(
      /process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]|(?<!meta\.)\benv\.([A-Z][A-Z0-9_]*)/g,
    )) {
      const name = match[1] ?? match[2] ?? match[3];
      if (name) names.add(name);
    }
  }
  return names;
};

/** The names in the first column of docs/configuration.md's tables (`BENCH_*` is a prefix). */
const variablesDocumented = (): string[] =>
  read('docs/configuration.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map(
        (m) => m[1] ?? '',
      ),
    );

/** Read by the code but not configuration. */
const NOT_CONFIGURATION = new Set(['PATH', 'HOME']);
/** Documented, read by a library rather than by the code (OpenTelemetry's SDK reads them itself). */
const READ_BY_LIBRARIES = new Set([
  'OTEL_SERVICE_NAME',
  'OTEL_TRACES_SAMPLER',
  'OTEL_BSP_SCHEDULE_DELAY',
]);

describe('docs/configuration.md', () => {
  const documented = variablesDocumented();
  const covers = (name: string) =>
    documented.some((d) =>
      d.endsWith('*') ? name.startsWith(d.slice(0, -1)) : d === name,
    );

  it('names every variable the code reads', () => {
    const read = [...variablesRead()].filter((n) => !NOT_CONFIGURATION.has(n));
    expect(read.length).toBeGreaterThan(40);
    expect(read.filter((name) => !covers(name)).sort()).toEqual([]);
  });

  it('names no variable nothing reads', () => {
    const read = variablesRead();
    expect(
      documented.filter(
        (d) =>
          !READ_BY_LIBRARIES.has(d) &&
          (d.endsWith('*')
            ? ![...read].some((n) => n.startsWith(d.slice(0, -1)))
            : !read.has(d)),
      ),
    ).toEqual([]);
  });

  it('gives the defaults the code has for PORT and HOST', () => {
    const row = read('docs/configuration.md')
      .split('\n')
      .find((line) => line.startsWith('| `PORT`, `HOST`'));
    expect(row?.split('|')[2]?.trim()).toBe('`3000`, `127.0.0.1`');
  });
});
