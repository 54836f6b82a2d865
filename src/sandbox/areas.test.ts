import { readdirSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { AREA_NAMES, AREA_ROUTES } from './areas.ts';

describe('the sandbox areas, found by convention', () => {
  it('are the folders of src/sandbox/areas, each named as a src/features folder', () => {
    const features = new Set(
      readdirSync(new URL('../features/', import.meta.url), {
        withFileTypes: true,
      })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    );
    expect(AREA_NAMES.length).toBeGreaterThan(10);
    expect(AREA_NAMES.filter((name) => !features.has(name))).toEqual([]);
    expect(AREA_ROUTES).toHaveLength(AREA_NAMES.length);
  });

  it('share no route, so the order they are mounted in changes nothing', () => {
    const owners = new Map<string, string[]>();
    AREA_ROUTES.forEach((routes, i) => {
      for (const { method, path } of routes.routes) {
        const key = `${method} ${path}`;
        owners.set(key, [...(owners.get(key) ?? []), AREA_NAMES[i] ?? '']);
      }
    });
    const shared = [...owners].filter(([, areas]) => areas.length > 1);
    expect(shared).toEqual([]);
    expect(owners.size).toBeGreaterThan(30);
  });
});
