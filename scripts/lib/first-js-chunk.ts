/**
 * One chunk for the site's own part of every page's first JS (issue 27, item 7; decision 0020).
 *
 * Waku loads the client components of the shared layout as one group chunk; the modules it
 * shares with lazy chunks (the widgets, the dialogs) were split by Rolldown into five more chunks
 * of 150 B–1.2 KB gzip, each a request with its own gzip window and import/export glue. This
 * `codeSplitting` group puts every module the layout's group statically imports (the first JS,
 * less the framework's entry and what it imports) into that one chunk; lazy chunks import them
 * from it, which they did already through the small chunks. Nothing moves in or out of the
 * first JS: only how it is cut.
 */

/** What Rolldown's chunking context tells about a module (the part read here). */
export type ModuleGraph = {
  getModuleInfo(id: string): {
    readonly importedIds: readonly string[];
    readonly isEntry: boolean;
  } | null;
};

/** The id prefix of @vitejs/plugin-rsc's client-reference group modules. */
const GROUP_PREFIX = '\0virtual:vite-rsc/client-references/group/';

/** `roots` and every module they import statically, at any depth. */
export const staticClosure = (
  graph: ModuleGraph,
  roots: Iterable<string>,
): Set<string> => {
  const seen = new Set<string>(roots);
  const queue = [...seen];
  for (let id = queue.shift(); id !== undefined; id = queue.shift())
    for (const next of graph.getModuleInfo(id)?.importedIds ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  return seen;
};

/**
 * The modules of the first-JS chunk: the static closure of the client-reference group that
 * holds `rootModule` (the client root every page renders), less the static closure of the
 * build's entries (the framework's own first chunk).
 */
export const firstJsModules = (
  graph: ModuleGraph,
  ids: Iterable<string>,
  rootModule: string,
): Set<string> => {
  const all = [...ids];
  const groups = all.filter(
    (id) =>
      id.startsWith(GROUP_PREFIX) &&
      graph.getModuleInfo(id)?.importedIds.includes(rootModule),
  );
  if (groups.length === 0)
    throw new Error(
      `first-js-chunk: no client-reference group (${JSON.stringify(GROUP_PREFIX)}…) imports ${rootModule}; see docs/framework-workarounds.md`,
    );
  const framework = staticClosure(
    graph,
    all.filter(
      (id) => !id.startsWith(GROUP_PREFIX) && graph.getModuleInfo(id)?.isEntry,
    ),
  );
  const modules = new Set<string>();
  for (const id of staticClosure(graph, groups))
    if (!framework.has(id)) modules.add(id);
  return modules;
};

/**
 * The `output.codeSplitting.groups` entry of the client build: `test` sees every module first
 * (Rolldown calls every `test` of a group before its first `name`), then `name` puts the
 * first-JS modules in the chunk `chunkName` and leaves the others to the automatic chunking.
 * A module's dependencies are not pulled in with it (`includeDependenciesRecursively: false`):
 * React and the router stay in the framework's entry chunk.
 */
export const firstJsChunkGroup = (rootModule: string, chunkName: string) => {
  const ids = new Set<string>();
  let modules: Set<string> | undefined;
  return {
    test: (id: string) => {
      ids.add(id);
      return true;
    },
    name: (id: string, graph: ModuleGraph): string | null => {
      modules ??= firstJsModules(graph, ids, rootModule);
      return modules.has(id) ? chunkName : null;
    },
    includeDependenciesRecursively: false,
  };
};
