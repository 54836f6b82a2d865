/**
 * A route is declared once (issue 44): adding a page with its own API data touches one feature
 * folder, one sandbox area and the catalogs (README, "Where things are"). This keeps it true: no
 * product code, script or benchmark outside a route's own feature folder (`src/features/<f>/`)
 * and its sandbox area (`src/sandbox/areas/<f>/`) names the route's id in a string literal, so
 * nothing else holds a hand-kept list of pages that a new page would have to join. The route
 * table (src/routes.gen.ts) is written by `npm run routes:gen`; the catalogs by
 * `npm run i18n:extract`.
 *
 * Not checked: test files (`*.test.ts(x)`, tests/), which name the pages they check (a new page's
 * tests are its own). Every other naming of an id outside its folders is listed in ALLOWED with
 * its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { ROUTES } from '../src/routes.ts';
import { readRouteFiles } from './lib/routes-gen.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'scripts', 'bench'];

/** Ids generic code must name, with why: adding a page never touches them. */
const GENERIC_IDS: Readonly<Record<string, string>> = {
  home: "the locale's root page: the brand link, the breadcrumbs' first step, the 404 screen's way out and the root redirect point at it, and the route words fall back to its keywords",
};

const KIND = "a subscription's product kind (the API's word), not a route id";

/**
 * Files that name another folder's route id for a reason of their own: the ids, and why. Keep it
 * short: a list of pages does not belong here, it belongs in the route entries (route.ts).
 */
const ALLOWED: Readonly<
  Record<string, { readonly ids: readonly string[]; readonly why: string }>
> = {
  'src/lib/client/kernel.ts': { ids: ['savings', 'launchpad'], why: KIND },
  'src/components/subscribe-button.client.tsx': {
    ids: ['launchpad'],
    why: KIND,
  },
  'src/features/subscribe/api.ts': { ids: ['savings', 'launchpad'], why: KIND },
  'src/sandbox/areas/subscribe/routes.ts': {
    ids: ['savings', 'launchpad'],
    why: KIND,
  },
  'src/sandbox/store.ts': { ids: ['savings'], why: KIND },
  'src/features/home/page.tsx': {
    ids: [
      'launchpad',
      'savings',
      'fee-discount',
      'competition',
      'red-envelopes',
    ],
    why: 'the products the home page presents, each in its own words: content, not the list of pages',
  },
  'src/features/specify-the-path/page.tsx': {
    ids: [
      'welcome',
      'official-verify',
      'savings',
      'contract-detail',
      'margin-parameters',
      'fee-discount',
      'competition',
      'launchpad',
      'unbind-google2fa',
      'tax-api',
    ],
    why: "the guide's answers link to the pages they recommend: content, not the list of pages",
  },
  'bench/streaming.ts': {
    ids: ['launchpad'],
    why: 'the page whose streamed sections the benchmark measures',
  },
};

/** Every string literal of a TypeScript or TSX source, with its line. */
export const stringLiterals = (
  file: string,
  text: string,
): { value: string; line: number }[] => {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { value: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      found.push({
        value: node.text,
        line:
          source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/**
 * The places a file names a route id it may not: `file:line id`. `owners` maps each route id to
 * its feature folder; a file of that folder or of its sandbox area may name it.
 */
export const strayRouteIds = (
  file: string,
  text: string,
  owners: ReadonlyMap<string, string>,
  allowed: readonly string[] = [],
): string[] =>
  stringLiterals(file, text).flatMap(({ value, line }) => {
    const feature = owners.get(value);
    if (
      feature === undefined ||
      value in GENERIC_IDS ||
      allowed.includes(value)
    )
      return [];
    if (
      file.startsWith(`src/features/${feature}/`) ||
      file.startsWith(`src/sandbox/areas/${feature}/`)
    )
      return [];
    return [`${file}:${line} ${value}`];
  });

/** The product code, scripts and benchmarks this check reads (no tests, no generated table). */
const sources = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap(
    (entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory())
        return ['node_modules', 'compiled', 'results'].includes(entry.name)
          ? []
          : sources(rel);
      return /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts') &&
        rel !== 'src/routes.gen.ts'
        ? [rel]
        : [];
    },
  );

const owners = async (): Promise<Map<string, string>> =>
  new Map(
    (await readRouteFiles()).flatMap(({ feature, routes }) =>
      routes.map((route) => [route.id, feature] as const),
    ),
  );

describe('a route is declared once', () => {
  it('is named only in its feature folder, its sandbox area and the generated table', async () => {
    const byId = await owners();
    expect([...byId.keys()].sort()).toEqual(ROUTES.map((r) => r.id).sort());
    const stray = FOLDERS.flatMap(sources).flatMap((file) =>
      strayRouteIds(
        file,
        readFileSync(path.join(ROOT, file), 'utf8'),
        byId,
        ALLOWED[file]?.ids,
      ),
    );
    expect(
      stray,
      'a route id outside its feature folder: derive the list from the route entries (route.ts), or justify it in ALLOWED',
    ).toEqual([]);
  });

  it('finds an id in a literal of another folder, and not in a comment or in its own folder', async () => {
    const byId = await owners();
    const text = [
      "// 'savings' in a comment is no literal",
      "const links = ['home', 'savings'];",
      'const label = <Link id="fee-discount">savings</Link>;',
    ].join('\n');
    expect(strayRouteIds('src/shell/layout/footer.tsx', text, byId)).toEqual([
      'src/shell/layout/footer.tsx:2 savings',
      'src/shell/layout/footer.tsx:3 fee-discount',
    ]);
    expect(strayRouteIds('src/features/savings/x.tsx', text, byId)).toEqual([
      'src/features/savings/x.tsx:3 fee-discount',
    ]);
    expect(
      strayRouteIds('src/sandbox/areas/fee-discount/x.tsx', text, byId),
    ).toEqual(['src/sandbox/areas/fee-discount/x.tsx:2 savings']);
  });

  it('is what the README says of adding a page', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    expect(readme).toContain(
      'Adding a page with its own API data touches one feature folder, one sandbox area and the catalogs',
    );
    expect(readme).toContain('`scripts/route-ids.test.ts` keeps it so');
  });

  it('keeps its allowances true: each still names what it allows', () => {
    for (const [file, { ids }] of Object.entries(ALLOWED)) {
      const values = new Set(
        stringLiterals(file, readFileSync(path.join(ROOT, file), 'utf8')).map(
          (l) => l.value,
        ),
      );
      for (const id of ids) expect(values, `${file} ${id}`).toContain(id);
    }
  });
});
