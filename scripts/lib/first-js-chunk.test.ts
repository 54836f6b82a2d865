import { describe, expect, it } from 'vitest';

import {
  firstJsChunkGroup,
  firstJsModules,
  staticClosure,
  type ModuleGraph,
} from './first-js-chunk.ts';

const GROUP = '\0virtual:vite-rsc/client-references/group/shared:layout';
const PAGE_GROUP = '\0virtual:vite-rsc/client-references/group/facade:page';

/**
 * entry → router → react; the layout group (imported lazily, as are the widgets and the page's
 * group: `isEntry` is for the build's own entries) → root → kernel → react; widgets → kernel,
 * dialog.
 */
const modules: Record<string, { importedIds: string[]; isEntry: boolean }> = {
  entry: { importedIds: ['react', 'router'], isEntry: true },
  react: { importedIds: [], isEntry: false },
  router: { importedIds: ['react'], isEntry: false },
  [GROUP]: { importedIds: ['root', 'nav', 'router'], isEntry: false },
  root: { importedIds: ['kernel', 'react'], isEntry: false },
  nav: { importedIds: ['links'], isEntry: false },
  kernel: { importedIds: ['react'], isEntry: false },
  links: { importedIds: [], isEntry: false },
  widgets: { importedIds: ['kernel', 'dialog'], isEntry: false },
  dialog: { importedIds: ['react'], isEntry: false },
  [PAGE_GROUP]: { importedIds: ['form'], isEntry: false },
  form: { importedIds: ['kernel'], isEntry: false },
};
const graph: ModuleGraph = {
  getModuleInfo: (id) => modules[id] ?? null,
};

describe('the first-JS chunk', () => {
  it('follows static imports at any depth, each module once', () => {
    expect([...staticClosure(graph, ['root'])].sort()).toEqual([
      'kernel',
      'react',
      'root',
    ]);
  });

  it("holds the layout group's closure less the framework's", () => {
    expect(
      [...firstJsModules(graph, Object.keys(modules), 'root')].sort(),
    ).toEqual([GROUP, 'kernel', 'links', 'nav', 'root'].sort());
  });

  it('stops the build when no group holds the root (the plugin named its groups otherwise)', () => {
    expect(() =>
      firstJsModules(graph, Object.keys(modules), 'not-a-module'),
    ).toThrow(/no client-reference group/);
  });

  it('leaves lazy chunks, page groups and the framework to the automatic chunking', () => {
    const group = firstJsChunkGroup('root', 'client');
    for (const id of Object.keys(modules)) expect(group.test(id)).toBe(true);
    const named = Object.fromEntries(
      Object.keys(modules).map((id) => [id, group.name(id, graph)]),
    );
    expect(named).toEqual({
      entry: null,
      react: null,
      router: null,
      [GROUP]: 'client',
      root: 'client',
      nav: 'client',
      kernel: 'client',
      links: 'client',
      widgets: null,
      dialog: null,
      [PAGE_GROUP]: null,
      form: null,
    });
    expect(group.includeDependenciesRecursively).toBe(false);
  });
});
