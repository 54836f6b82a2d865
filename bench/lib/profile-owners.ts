/**
 * Who owns a CPU profile sample: the package (or our own code, or a part of Node) its source
 * file belongs to. Used by bench/profile.ts on the module paths the bundles name.
 */

export type Sample = {
  micros: number;
  owner: string;
  functionName: string;
  /** The module the sample's code came from. */
  source: string;
};

const PACKAGE_OWNERS: [RegExp, string][] = [
  [/react-dom\/cjs\/react-dom-server/, 'React DOM: HTML (Fizz)'],
  [/react-dom\//, 'React DOM: other'],
  [/react-server-dom-[a-z]+-server\./, 'React: Flight server'],
  [/react-server-dom-[a-z]+-client\./, 'React: Flight client'],
  [/(?:^|\/)react\//, 'React'],
  [/(?:^|\/)(?:waku|@vitejs\/plugin-rsc)\//, 'Waku'],
  [/(?:^|\/)(?:hono|@hono\/[^/]+)\//, 'Hono'],
  [/(?:^|\/)@lingui\//, 'Lingui'],
  [/(?:^|\/)valibot\//, 'valibot'],
  [/(?:^|\/)ofetch\//, 'ofetch'],
];

/** An owner name for a frame: function name and its (mapped) source file or URL. */
export const ownerOf = (functionName: string, source: string): string => {
  if (source === '') {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(program)') return 'V8 and native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  if (source.startsWith('node:zlib') || source === 'node:internal/streams/zlib')
    return 'Node: zlib on the main thread';
  if (source.startsWith('node:')) {
    const module = source.slice('node:'.length).replace(/^internal\//, '');
    return `Node: ${module.split('/')[0] ?? module}`;
  }
  const slashed = source.replaceAll('\\', '/');
  const inModules = slashed.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = slashed.slice(inModules + 'node_modules/'.length);
    for (const [pattern, owner] of PACKAGE_OWNERS)
      if (pattern.test(rest)) return owner;
    const parts = rest.split('/');
    const name = parts[0]?.startsWith('@')
      ? `${parts[0]}/${parts[1] ?? ''}`
      : parts[0];
    return `library: ${name ?? rest}`;
  }
  if (/(?:^|\/)src\//.test(slashed)) return 'ours (src/)';
  if (/(?:^|\/)scripts\//.test(slashed)) return 'ours (scripts/)';
  return `other: ${slashed.split('/').slice(-2).join('/')}`;
};

export type Summary = {
  busyMicros: number;
  idleMicros: number;
  owners: { owner: string; micros: number; share: number }[];
  /** Our own time by module, as shares of busy time. */
  oursByModule: { source: string; share: number }[];
  /** Main-thread zlib time by function, as shares of busy time. */
  zlibFunctions: { functionName: string; share: number }[];
  /** The framework's share (React, Waku, Hono), ours, and zlib on the main thread. */
  groups: { framework: number; ours: number; zlibMainThread: number };
};

const FRAMEWORK = /^(?:React|Waku|Hono)/;

export const summarize = (samples: readonly Sample[]): Summary => {
  const byOwner = new Map<string, number>();
  const zlib = new Map<string, number>();
  const ours = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  for (const s of samples) {
    if (s.owner === '(idle)') {
      idle += s.micros;
      continue;
    }
    busy += s.micros;
    byOwner.set(s.owner, (byOwner.get(s.owner) ?? 0) + s.micros);
    if (s.owner.startsWith('ours'))
      ours.set(s.source, (ours.get(s.source) ?? 0) + s.micros);
    if (s.owner === 'Node: zlib on the main thread')
      zlib.set(s.functionName, (zlib.get(s.functionName) ?? 0) + s.micros);
  }
  const share = (micros: number) => (busy === 0 ? 0 : micros / busy);
  const owners = [...byOwner]
    .map(([owner, micros]) => ({ owner, micros, share: share(micros) }))
    .sort((a, b) => b.micros - a.micros);
  const sum = (test: (owner: string) => boolean) =>
    share(
      owners.filter((o) => test(o.owner)).reduce((t, o) => t + o.micros, 0),
    );
  return {
    busyMicros: busy,
    idleMicros: idle,
    owners,
    oursByModule: [...ours]
      .map(([source, micros]) => ({ source, share: share(micros) }))
      .sort((a, b) => b.share - a.share),
    zlibFunctions: [...zlib]
      .map(([functionName, micros]) => ({ functionName, share: share(micros) }))
      .sort((a, b) => b.share - a.share),
    groups: {
      framework: sum((o) => FRAMEWORK.test(o)),
      ours: sum((o) => o.startsWith('ours')),
      zlibMainThread: sum((o) => o === 'Node: zlib on the main thread'),
    },
  };
};
