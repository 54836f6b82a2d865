import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import * as prettier from 'prettier';

import type { RouteDeclaration } from '../../src/route-types.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The file this module writes, relative to the repository root. */
export const ROUTES_GEN = 'src/routes.gen.ts';

/** A feature folder that declares routes: its name and its route.ts entries. */
export type FeatureRouteFile = {
  readonly feature: string;
  readonly routes: readonly RouteDeclaration[];
};

/** The feature folders with a route.ts, sorted by name (the table's order). */
export const routeFeatures = (root: string = ROOT): string[] => {
  const features = path.join(root, 'src/features');
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => existsSync(path.join(features, name, 'route.ts')))
    .sort();
};

const isDeclaration = (value: unknown): value is RouteDeclaration =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { path?: unknown }).path === 'string';

/** Each feature folder's route.ts, imported (Node strips its types). */
export const readRouteFiles = async (
  root: string = ROOT,
): Promise<FeatureRouteFile[]> =>
  Promise.all(
    routeFeatures(root).map(async (feature) => {
      const file = path.join(root, 'src/features', feature, 'route.ts');
      const module = (await import(pathToFileURL(file).href)) as {
        routes?: unknown;
      };
      const { routes } = module;
      if (!Array.isArray(routes) || !routes.every(isDeclaration))
        throw new Error(
          `src/features/${feature}/route.ts must export \`routes\`, an array of route entries (src/route-types.ts)`,
        );
      return { feature, routes };
    }),
  );

/** `fee-discount` → `feeDiscount`: the name a feature's table is imported under. */
const identifier = (feature: string): string =>
  feature.replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The text of src/routes.gen.ts: every feature's route entries in one table, features sorted by
 * folder name, each folder's entries in its own order. Throws on an id or a path declared twice
 * (naming both folders), a path with two key segments (a route takes one parameter), or two
 * folders with the same import name.
 */
export const routesGenSource = async (
  files: readonly FeatureRouteFile[],
  root: string = ROOT,
): Promise<string> => {
  const ids = new Map<string, string>();
  const paths = new Map<string, string>();
  const names = new Map<string, string>();
  for (const { feature, routes } of files) {
    const name = identifier(feature);
    const sameName = names.get(name);
    if (sameName)
      throw new Error(
        `src/features/${sameName} and src/features/${feature} have the same import name ${name}`,
      );
    names.set(name, feature);
    for (const { id, path: routePath } of routes) {
      const other = ids.get(id);
      if (other)
        throw new Error(
          `Route ${id} is declared in both src/features/${other}/route.ts and src/features/${feature}/route.ts`,
        );
      ids.set(id, feature);
      if ((routePath.match(/\[/g) ?? []).length > 1)
        throw new Error(
          `Route ${id} (src/features/${feature}) has more than one key segment: ${routePath}`,
        );
      const shape = routePath.toLowerCase().replace(/\[[^\]]*\]/g, '[]');
      const samePath = paths.get(shape);
      if (samePath)
        throw new Error(
          `Route ${id} (src/features/${feature}) has the path of route ${samePath}: ${routePath}`,
        );
      paths.set(shape, id);
    }
  }
  const imports = files.map(
    ({ feature }) =>
      `import { routes as ${identifier(feature)} } from './features/${feature}/route.ts';`,
  );
  const spreads = files.map(({ feature }) => `  ...${identifier(feature)},`);
  const text = [
    '// Written by scripts/routes-gen.ts (npm run routes:gen) from src/features/*/route.ts: do not edit.',
    '// npm run dev, build and test write it; scripts/lib/routes-gen.test.ts fails when it is out of date.',
    ...imports,
    '',
    '/** Every route entry of the feature folders: the route table src/routes.ts serves. */',
    'export const ROUTE_TABLE = [',
    ...spreads,
    '] as const;',
    '',
  ].join('\n');
  const filepath = path.join(root, ROUTES_GEN);
  return prettier.format(text, {
    ...(await prettier.resolveConfig(filepath)),
    filepath,
  });
};
