import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ROUTES } from '../../src/routes.ts';
import {
  readRouteFiles,
  ROUTES_GEN,
  routesGenSource,
  type FeatureRouteFile,
} from './routes-gen.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const entry = (id: string, routePath: string) =>
  ({ id, path: routePath }) as const;

describe('src/routes.gen.ts', () => {
  it('is what npm run routes:gen writes from the feature folders today', async () => {
    const committed = readFileSync(path.join(ROOT, ROUTES_GEN), 'utf8');
    expect(
      committed,
      'src/routes.gen.ts is out of date: run npm run routes:gen',
    ).toBe(await routesGenSource(await readRouteFiles()));
  });

  it('gives the route table every route.ts entry, features in folder order', async () => {
    const files = await readRouteFiles();
    expect(files.map((f) => f.feature)).toEqual(
      [...files.map((f) => f.feature)].sort(),
    );
    expect(ROUTES.map((r) => r.id)).toEqual(
      files.flatMap((f) => f.routes.map((r) => r.id)),
    );
  });

  it('refuses an id declared by two feature folders', async () => {
    const files: FeatureRouteFile[] = [
      { feature: 'a', routes: [entry('x', '/x')] },
      { feature: 'b', routes: [entry('x', '/y')] },
    ];
    await expect(routesGenSource(files)).rejects.toThrow(
      'Route x is declared in both src/features/a/route.ts and src/features/b/route.ts',
    );
  });

  it('refuses two routes at one path (literal segments compared without case)', async () => {
    const files: FeatureRouteFile[] = [
      { feature: 'a', routes: [entry('x', '/Launch/[id]')] },
      { feature: 'b', routes: [entry('y', '/launch/[name]')] },
    ];
    await expect(routesGenSource(files)).rejects.toThrow(
      'Route y (src/features/b) has the path of route x: /launch/[name]',
    );
  });

  it('refuses a path with two key segments', async () => {
    await expect(
      routesGenSource([
        { feature: 'a', routes: [entry('x', '/x/[id]/[name]')] },
      ]),
    ).rejects.toThrow(
      'Route x (src/features/a) has more than one key segment: /x/[id]/[name]',
    );
  });
});
