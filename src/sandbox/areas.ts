import { readdirSync } from 'node:fs';

import { Hono } from 'hono';

import type { SandboxEnv } from './handler.ts';

/**
 * The product areas of the sandbox API, found by convention: every folder of src/sandbox/areas
 * is one area (named as its src/features folder), with `routes.ts` exporting `routes` (mounted
 * under /api/v1) and, when it has data of its own, `seed.ts`. Adding an area is adding a folder:
 * nothing lists them by hand.
 */
const AREAS = new URL('./areas/', import.meta.url);

/** The areas' folder names, sorted (the mounting order; no two areas share a route). */
export const AREA_NAMES = readdirSync(AREAS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const areaRoutes = async (name: string): Promise<Hono<SandboxEnv>> => {
  const module = (await import(new URL(`${name}/routes.ts`, AREAS).href)) as {
    routes?: unknown;
  };
  if (!(module.routes instanceof Hono))
    throw new Error(
      `src/sandbox/areas/${name}/routes.ts must export \`routes\`, a Hono app`,
    );
  return module.routes as Hono<SandboxEnv>;
};

/** Each area's routes, in AREA_NAMES order. */
export const AREA_ROUTES: readonly Hono<SandboxEnv>[] = await Promise.all(
  AREA_NAMES.map(areaRoutes),
);
