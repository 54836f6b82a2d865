/**
 * Hostile spellings of page addresses (issue 40's differential corpus): from a clean address
 * (`/ja-JP/unbind-google2fa?ticket=mk1`), one to three of the ways a request line can say the
 * same or nearly the same thing — slash runs, dot segments, escaped letters and slashes, case
 * changes in the prefix, the route and parameter names, duplicate, empty, undeclared and
 * tracking parameters, trailing slashes, `/index.html`, backslashes, path parameters — drawn
 * from a seeded generator, so a failing spelling can be replayed.
 */

/** mulberry32: a small seeded generator, the same sequence for the same seed. */
export const seeded = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, shuffle };
};

type Random = ReturnType<typeof seeded>;

/** A marker value: attacker text whose presence in a body the test can see. */
export const MARKER = /\bmk\d+\b/g;
const marker = (r: Random) => `mk${String(100 + r.int(40))}`;

const splitTarget = (target: string) => {
  const q = target.indexOf('?');
  return q < 0
    ? { path: target, query: '' }
    : { path: target.slice(0, q), query: target.slice(q + 1) };
};
const joinTarget = (path: string, query: string) =>
  query === '' ? path : `${path}?${query}`;

/** Positions of the slashes of a path after the first. */
const innerSlashes = (path: string) =>
  [...path].flatMap((c, i) => (c === '/' && i > 0 ? [i] : []));
const letters = (path: string) =>
  [...path].flatMap((c, i) => (/[A-Za-z]/.test(c) ? [i] : []));

type Mutation = (
  target: string,
  r: Random,
  declared: readonly string[],
) => string;

const onPath =
  (change: (path: string, r: Random) => string): Mutation =>
  (target, r) => {
    const { path, query } = splitTarget(target);
    return joinTarget(change(path, r), query);
  };
const onQuery =
  (
    change: (query: string, r: Random, declared: readonly string[]) => string,
  ): Mutation =>
  (target, r, declared) => {
    const { path, query } = splitTarget(target);
    return joinTarget(path, change(query, r, declared));
  };
const withPair = (query: string, pair: string, first: boolean) =>
  query === '' ? pair : first ? `${pair}&${query}` : `${query}&${pair}`;

const MUTATIONS: readonly Mutation[] = [
  // slash runs, at the start or inside
  onPath((path, r) => {
    const at = r.pick([0, ...innerSlashes(path)]);
    return `${path.slice(0, at)}${'/'.repeat(1 + r.int(3))}${path.slice(at)}`;
  }),
  // a trailing slash (or several)
  onPath((path, r) => `${path}${'/'.repeat(1 + r.int(2))}`),
  // dot segments, plain or escaped
  onPath((path, r) => {
    const at = r.pick([...innerSlashes(path), path.length]);
    const dot = r.pick(['/.', '/%2e', '/%2E', '/x/..', '/x/%2e%2e', '/./.']);
    return `${path.slice(0, at)}${dot}${path.slice(at)}`;
  }),
  // an escaped letter, in upper or lower case hex
  onPath((path, r) => {
    const spots = letters(path);
    if (spots.length === 0) return path;
    const at = r.pick(spots);
    const hex = path.charCodeAt(at).toString(16);
    return `${path.slice(0, at)}%${r.next() < 0.5 ? hex : hex.toUpperCase()}${path.slice(at + 1)}`;
  }),
  // an escaped slash
  onPath((path, r) => {
    const spots = innerSlashes(path);
    if (spots.length === 0) return `${path}%2F`;
    const at = r.pick(spots);
    return `${path.slice(0, at)}${r.pick(['%2F', '%2f'])}${path.slice(at + 1)}`;
  }),
  // case changes in the prefix and the route
  onPath((path, r) =>
    [...path]
      .map((c) =>
        r.next() < 0.3
          ? c === c.toLowerCase()
            ? c.toUpperCase()
            : c.toLowerCase()
          : c,
      )
      .join(''),
  ),
  // `/index.html`, a backslash, a path parameter
  onPath(
    (path, r) => `${path}${r.pick(['/index.html', '/INDEX.HTM', ';x=1'])}`,
  ),
  onPath((path, r) => {
    const spots = innerSlashes(path);
    if (spots.length === 0) return `\\${path.slice(1)}`;
    const at = r.pick(spots);
    return `${path.slice(0, at)}\\${path.slice(at + 1)}`;
  }),
  // a declared parameter's name in another case, with attacker text
  onQuery((query, r, declared) => {
    if (declared.length === 0) return withPair(query, `X=${marker(r)}`, true);
    const name = r.pick(declared);
    const spelt =
      r.next() < 0.5
        ? name.toUpperCase()
        : `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;
    return withPair(query, `${spelt}=${marker(r)}`, r.next() < 0.5);
  }),
  // a duplicate of a declared parameter, before or after
  onQuery((query, r, declared) => {
    const name = declared.length === 0 ? 'x' : r.pick(declared);
    return withPair(query, `${name}=${marker(r)}`, r.next() < 0.5);
  }),
  // an empty or bare parameter
  onQuery((query, r, declared) => {
    const name = declared.length === 0 ? 'x' : r.pick(declared);
    return withPair(query, r.next() < 0.5 ? `${name}=` : name, r.next() < 0.5);
  }),
  // tracking and undeclared parameters, with attacker text
  onQuery((query, r) =>
    withPair(
      query,
      r.pick([
        `utm_source=${marker(r)}`,
        `gclid=${marker(r)}&utm_medium=email`,
        `fbclid=${marker(r)}`,
        `x=${marker(r)}`,
        `_=${String(r.int(1e6))}`,
      ]),
      r.next() < 0.5,
    ),
  ),
  // an escaped parameter name, or a value spelt with + or %20
  onQuery((query, r, declared) => {
    const name = declared.length === 0 ? 'x' : r.pick(declared);
    const hex = name.charCodeAt(0).toString(16);
    return withPair(
      query,
      r.next() < 0.5
        ? `%${hex}${name.slice(1)}=${marker(r)}`
        : `${name}=${marker(r)}${r.pick(['+a', '%20a', '%2Ba'])}`,
      r.next() < 0.5,
    );
  }),
];

/** A spelling of a clean address, with one to three changes. */
export const spell = (
  clean: string,
  declared: readonly string[],
  r: Random,
): string => {
  let target = clean;
  const changes = 1 + r.int(3);
  for (let i = 0; i < changes; i++)
    target = r.pick(MUTATIONS)(target, r, declared);
  return target;
};
