import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';

/**
 * The sandbox's writes in O(change): the state file is a snapshot, and each mutation appends
 * one line to a journal beside it (`state.json.journal`) holding only the records it changed.
 * When the journal has grown past the snapshot's size (and a floor), the state is written as a
 * new snapshot and the journal starts over, so a write costs its own size plus, amortised, as
 * much again: never the whole state.
 *
 * A record is one entry of a top-level collection (`users[email]`, `sessions[hash]`,
 * `subscriptions[3]`), or a top-level value itself (`transfers`). Which records a mutation
 * changed is known without comparing anything: the state is seen through proxies that note
 * the record under every write, however deep (`users[email].balances.FUND.USDT = …` notes
 * `users[email]`).
 */

/** One change: a record's new value, or its removal (`v` absent); `k` null is the whole `c`. */
export type JournalOp = { c: string; k: string | null; v?: unknown };

type Collection = Record<string, unknown>;

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null;

const SEPARATOR = '\u0000';

/**
 * The state seen through change-noting proxies, and the records written since the last `take()`.
 * Proxies are cached per object, so the same record is the same proxy (`===` holds).
 */
export class ChangeTracker<S extends object> {
  private readonly dirty = new Set<string>();
  private readonly proxies = new WeakMap<object, object>();
  private raw: S;
  private rootProxy: S;

  constructor(raw: S) {
    this.raw = raw;
    this.rootProxy = this.root(raw);
  }

  /** The state to read and write (writes are noted). */
  get state(): S {
    return this.rootProxy;
  }

  /** The state without proxies (to serialise it whole). */
  get target(): S {
    return this.raw;
  }

  /** Replaces the state (a reset, a load); nothing is noted. */
  replace(raw: S): void {
    this.raw = raw;
    this.rootProxy = this.root(raw);
    this.dirty.clear();
  }

  get changed(): boolean {
    return this.dirty.size > 0;
  }

  /** The changes since the last call, as journal operations, and forgets them. */
  take(): JournalOp[] {
    const raw = this.raw as Record<string, unknown>;
    const ops: JournalOp[] = [];
    for (const entry of this.dirty) {
      const at = entry.indexOf(SEPARATOR);
      if (at < 0) {
        ops.push({ c: entry, k: null, v: raw[entry] });
        continue;
      }
      const c = entry.slice(0, at);
      const k = entry.slice(at + 1);
      const collection = raw[c];
      if (isObject(collection) && Object.hasOwn(collection, k))
        ops.push({ c, k, v: (collection as Collection)[k] });
      else ops.push({ c, k });
    }
    this.dirty.clear();
    return ops;
  }

  private note(c: string, k: string | null): void {
    this.dirty.add(k === null ? c : `${c}${SEPARATOR}${k}`);
  }

  private cached<T extends object>(target: T, make: () => T): T {
    const known = this.proxies.get(target);
    if (known) return known as T;
    const proxy = make();
    this.proxies.set(target, proxy);
    return proxy;
  }

  /** Below a record: any write notes the record. */
  private deep<T extends object>(target: T, c: string, k: string): T {
    return this.cached(target, () =>
      noting(
        target,
        () => this.note(c, k),
        (value) => this.deep(value, c, k),
      ),
    );
  }

  /** A top-level collection: a write to an entry notes that entry (an array's `length` too). */
  private collection<T extends object>(target: T, c: string): T {
    return this.cached(target, () =>
      noting(
        target,
        (p) => this.note(c, p),
        (value, p) => this.deep(value, c, p),
      ),
    );
  }

  private root(raw: S): S {
    return noting(
      raw,
      (p) => this.note(p, null),
      (value, p) => this.collection(value, p),
    );
  }
}

/**
 * A proxy of `target` that calls `written` with the key of every write and deletion and hands
 * every object read from it to `wrap` (so writes below it are seen too). Symbol keys pass.
 */
const noting = <T extends object>(
  target: T,
  written: (key: string) => void,
  wrap: (value: object, key: string) => object,
): T =>
  new Proxy(target, {
    get: (t, p, receiver) => {
      const value: unknown = Reflect.get(t, p, receiver);
      return isObject(value) && typeof p === 'string' ? wrap(value, p) : value;
    },
    set: (t, p, value) => {
      if (typeof p === 'string') written(p);
      return Reflect.set(t, p, value);
    },
    deleteProperty: (t, p) => {
      if (typeof p === 'string') written(p);
      return Reflect.deleteProperty(t, p);
    },
  });

/** Applies journal operations to a plain state object (at start-up). */
export const applyOps = (state: Record<string, unknown>, ops: JournalOp[]) => {
  for (const op of ops) {
    if (op.k === null) {
      if ('v' in op) state[op.c] = op.v;
      else Reflect.deleteProperty(state, op.c);
      continue;
    }
    const collection = state[op.c];
    if (!isObject(collection)) continue;
    if ('v' in op) Reflect.set(collection, op.k, op.v);
    else Reflect.deleteProperty(collection, op.k);
  }
};

/** A journal file: its header line names the snapshot generation it continues. */
type Header = { generation: number };

/**
 * Reads the journal that continues snapshot `generation`: its operations in order. A journal
 * of another generation (a crash between a compaction's snapshot and its new journal) is
 * ignored; a last line cut short by a crash is ignored (its request was never answered);
 * any other unreadable line throws. (The store writes a new snapshot and journal after reading
 * one at start-up, so a cut line never ends up in the middle.)
 */
export const readJournal = (file: string, generation: number): JournalOp[] => {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  const header = JSON.parse(lines[0] ?? '') as Partial<Header>;
  if (header.generation !== generation) return [];
  const ops: JournalOp[] = [];
  const last = lines.length - 1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === '') continue;
    try {
      ops.push(...(JSON.parse(line) as { ops: JournalOp[] }).ops);
    } catch (error) {
      if (i === last) break;
      throw error;
    }
  }
  return ops;
};

const writeAll = (fd: number, text: string) => {
  const bytes = Buffer.from(text);
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done);
};

/** Writes `text` to `file` atomically: a temporary file beside it, fsync, rename. */
export const writeAtomically = (file: string, temp: string, text: string) => {
  const fd = openSync(temp, 'w');
  try {
    writeAll(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
};

/** The journal as it is appended to: one line per mutation, each on disk before the answer. */
export class JournalWriter {
  private fd: number | undefined;
  private bytes = 0;
  private readonly file: string;
  private readonly temp: string;

  constructor(file: string, temp: string) {
    this.file = file;
    this.temp = temp;
  }

  /** Its size in bytes (what a compaction is decided by). */
  get size(): number {
    return this.bytes;
  }

  /** Starts a new journal continuing snapshot `generation` (after a snapshot is written). */
  start(generation: number): void {
    this.close();
    const header = `${JSON.stringify({ generation } satisfies Header)}\n`;
    writeAtomically(this.file, this.temp, header);
    this.fd = openSync(this.file, 'a');
    this.bytes = Buffer.byteLength(header);
  }

  append(ops: JournalOp[]): void {
    if (this.fd === undefined) throw new Error('the journal is not open');
    const line = `${JSON.stringify({ ops })}\n`;
    writeAll(this.fd, line);
    fsyncSync(this.fd);
    this.bytes += Buffer.byteLength(line);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
