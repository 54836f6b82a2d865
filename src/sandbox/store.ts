import {
  createHash,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';

import * as v from 'valibot';

import { DEMO_SAVINGS, SAVINGS } from './areas/savings/seed.ts';
import {
  applyOps,
  ChangeTracker,
  JournalWriter,
  readJournal,
  writeAtomically,
} from './journal.ts';
import {
  type Account,
  ACCOUNTS,
  at,
  type Coin,
  COINS,
  DEMO_ACCOUNT,
  demoBalances,
  emptyBalances,
} from './seed.ts';

/** Amounts are scaled integers (10^8) in memory and 8-decimal strings on the wire. */
const SCALE = 100_000_000n;
const AMOUNT = /^(?:0|[1-9]\d{0,15})(?:\.\d{1,8})?$/;

export const parseAmount = (value: unknown): bigint | undefined => {
  if (typeof value !== 'string' || !AMOUNT.test(value)) return undefined;
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(8, '0'));
};

export const formatAmount = (units: bigint): string => {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  return `${negative ? '-' : ''}${abs / SCALE}.${(abs % SCALE).toString().padStart(8, '0')}`;
};

const balancesSchema = v.record(
  v.picklist(ACCOUNTS),
  v.record(v.picklist(COINS), v.string()),
);
const userSchema = v.object({
  uid: v.string(),
  email: v.string(),
  nickname: v.string(),
  salt: v.string(),
  hash: v.string(),
  vip: v.number(),
  createdAt: v.string(),
  balances: balancesSchema,
});
const stateSchema = v.object({
  version: v.literal(1),
  users: v.record(v.string(), userSchema),
  sessions: v.record(
    v.string(),
    v.object({ email: v.string(), createdAt: v.string() }),
  ),
  received: v.record(v.string(), v.array(v.string())),
  envelopeClaims: v.record(v.string(), v.number()),
  draws: v.record(
    v.string(),
    v.object({
      count: v.number(),
      results: v.array(v.object({ prizeId: v.string(), at: v.string() })),
    }),
  ),
  tickets: v.record(
    v.string(),
    v.object({
      email: v.string(),
      uid: v.string(),
      reason: v.string(),
      contact: v.string(),
      createdAt: v.string(),
    }),
  ),
  subscriptions: v.array(
    v.object({
      email: v.string(),
      kind: v.string(),
      target: v.string(),
      coin: v.string(),
      amount: v.string(),
      at: v.string(),
    }),
  ),
  transfers: v.number(),
  /** Competition name → email → when that trader joined (absent in older state files). */
  competitionEntries: v.optional(
    v.record(v.string(), v.record(v.string(), v.string())),
    {},
  ),
});

/** The snapshot file: the state and the generation its journal continues (absent in older files). */
const snapshotSchema = v.object({
  ...stateSchema.entries,
  generation: v.optional(v.number(), 0),
});

export type User = v.InferOutput<typeof userSchema>;

/** How long a session lives, server-side as in the cookie's Max-Age (seconds). */
export const SESSION_MAX_AGE = 7 * 24 * 3600;

export type SessionLimits = {
  /**
   * Sessions one user may hold; a new login ends that user's own oldest beyond it. There is no
   * bound across users (it would let anyone's logins end someone else's session): the number
   * of users is bounded instead (registration limits, signup.ts).
   */
  perUser: number;
};
export const SESSION_LIMITS: SessionLimits = { perUser: 100 };

/** The key a session is stored under: the token itself is never kept (a stolen file logs no one in). */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
const TOKEN_HASH = /^[0-9a-f]{64}$/;
export type State = v.InferOutput<typeof stateSchema>;

export const hashPassword = (password: string, salt: string): string =>
  scryptSync(password, salt, 32, { N: 1024 }).toString('hex');

export const verifyPassword = (password: string, user: User): boolean => {
  const expected = Buffer.from(user.hash, 'hex');
  const actual = Buffer.from(hashPassword(password, user.salt), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

const toStrings = (balances: Record<Account, Record<Coin, string>>) => balances;

export const getBalance = (user: User, account: Account, coin: Coin): string =>
  user.balances[account]?.[coin] ?? '0.00000000';
export const setBalance = (
  user: User,
  account: Account,
  coin: Coin,
  value: string,
): void => {
  (user.balances[account] ??= {})[coin] = value;
};

/** A user whose password was hashed already (a confirmed registration, signup.ts). */
export const userWithHash = (
  email: string,
  nickname: string,
  { salt, hash }: { salt: string; hash: string },
  balances = emptyBalances(),
): User => ({
  uid: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
  email,
  nickname,
  salt,
  hash,
  vip: 0,
  createdAt: new Date().toISOString(),
  balances: toStrings(balances),
});

/** A new salt and the password's hash with it. */
export const saltAndHash = (password: string) => {
  const salt = randomBytes(16).toString('hex');
  return { salt, hash: hashPassword(password, salt) };
};

export const newUser = (
  email: string,
  password: string,
  nickname: string,
  balances = emptyBalances(),
): User => userWithHash(email, nickname, saltAndHash(password), balances);

export const seedState = (): State => {
  const demo = newUser(
    DEMO_ACCOUNT.email,
    DEMO_ACCOUNT.password,
    DEMO_ACCOUNT.nickname,
    demoBalances(),
  );
  demo.uid = '20261101';
  demo.vip = 2;
  return {
    version: 1,
    users: { [demo.email]: demo },
    sessions: {},
    received: {},
    envelopeClaims: {},
    draws: {},
    tickets: {},
    subscriptions: DEMO_SAVINGS.map((s) => ({
      email: demo.email,
      kind: 'savings',
      target: s.productId,
      coin: SAVINGS.find((p) => p.id === s.productId)?.coin ?? 'USDT',
      amount: s.amount,
      at: at(-s.daysAgo),
    })),
    transfers: 0,
    competitionEntries: {},
  };
};

/**
 * The sandbox's state: in memory; on disk a snapshot (the data file, written atomically: temp
 * file in the same directory, fsync, rename) and a journal beside it (`<file>.journal`, one
 * fsynced line per mutation holding only the records it changed, journal.ts), written before a
 * mutating request answers, so a restart loses nothing and a write costs O(change). Once the
 * journal outgrows the snapshot (and `compactFloorBytes`) a new snapshot replaces both.
 * Mutations run one at a time (an async mutex), so concurrent transfers never lose or create
 * money.
 */
export type StoreOptions = {
  log?: (msg: string) => void;
  /** The clock sessions expire by (milliseconds since the epoch). */
  now?: () => number;
  sessionLimits?: SessionLimits;
  /** The journal is compacted once larger than this and than the snapshot (default 256 KiB). */
  compactFloorBytes?: number;
};

/** The journal beside a data file. */
export const journalFileOf = (file: string): string => `${file}.journal`;

/**
 * Temporary files a writer that crashed between write and rename left beside the data file
 * (`state.json.<pid>.tmp`, `state.json.<pid>.journal.tmp`): never read, so removed at start-up.
 */
export const removeStaleTempFiles = (file: string): string[] => {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const stale = names.filter(
    (name) =>
      name.startsWith(prefix) &&
      /^\d+(?:\.journal)?\.tmp$/.test(name.slice(prefix.length)),
  );
  for (const name of stale) rmSync(path.join(dir, name), { force: true });
  return stale;
};

export class Store {
  private readonly tracker: ChangeTracker<State>;
  private readonly file: string | undefined;
  private readonly journal: JournalWriter | undefined;
  private generation = 0;
  private snapshotBytes = 0;
  private readonly compactFloor: number;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private readonly limits: SessionLimits;

  constructor(file: string | undefined, options: StoreOptions = {}) {
    const log = options.log ?? (() => undefined);
    this.now = options.now ?? Date.now;
    this.limits = options.sessionLimits ?? SESSION_LIMITS;
    this.compactFloor = options.compactFloorBytes ?? 256 * 1024;
    this.file = file;
    this.tracker = new ChangeTracker(seedState());
    if (!file) return;
    const journal = journalFileOf(file);
    this.journal = new JournalWriter(
      journal,
      `${file}.${process.pid}.journal.tmp`,
    );
    const stale = removeStaleTempFiles(file);
    if (stale.length > 0)
      log(
        `sandbox: removed ${stale.length} stale temporary file(s): ${stale.join(', ')}`,
      );
    if (existsSync(file)) {
      try {
        const parsed = v.safeParse(
          snapshotSchema,
          JSON.parse(readFileSync(file, 'utf8')),
        );
        if (!parsed.success)
          throw new Error(parsed.issues[0]?.message ?? 'invalid state');
        const { generation, ...snapshot } = parsed.output;
        applyOps(snapshot, readJournal(journal, generation));
        const replayed = v.safeParse(stateSchema, snapshot);
        if (!replayed.success)
          throw new Error(replayed.issues[0]?.message ?? 'invalid journal');
        this.generation = generation;
        this.tracker.replace(replayed.output);
        const state = this.tracker.state;
        // Files written before tokens were hashed hold raw tokens as keys: those sessions end.
        for (const key of Object.keys(state.sessions))
          if (!TOKEN_HASH.test(key)) delete state.sessions[key];
        this.pruneSessions(state);
      } catch (error) {
        const aside = `${file}.corrupt-${Date.now()}`;
        renameSync(file, aside);
        if (existsSync(journal)) renameSync(journal, `${aside}.journal`);
        log(
          `sandbox data file unreadable (${String(error)}): moved to ${aside}, starting from the seed`,
        );
      }
    }
    // the state as read becomes one snapshot, and the journal starts empty
    this.compact();
  }

  /** The state; every write to it is noted and goes to the journal with the next `persist`. */
  get state(): State {
    return this.tracker.state;
  }

  /** Run one mutation at a time and persist what it changed before resolving. */
  mutate<T>(fn: (state: State) => T | Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      try {
        return await fn(this.state);
      } finally {
        // what a failed mutation changed before it threw is in memory: on disk too
        this.persist();
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  reset(): Promise<void> {
    const run = this.queue.then(() => {
      this.tracker.replace(seedState());
      this.compact();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Appends the changes since the last call to the journal (compacting it when it is due). */
  persist(): void {
    if (!this.file || !this.journal) {
      this.tracker.take();
      return;
    }
    if (!this.tracker.changed) return;
    this.journal.append(this.tracker.take());
    if (this.journal.size > Math.max(this.compactFloor, this.snapshotBytes))
      this.compact();
  }

  /** Writes the whole state as a new snapshot and starts a new journal after it. */
  private compact(): void {
    this.tracker.take();
    if (!this.file || !this.journal) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    this.generation += 1;
    const text = JSON.stringify({
      ...this.tracker.target,
      generation: this.generation,
    });
    writeAtomically(this.file, `${this.file}.${process.pid}.tmp`, text);
    this.snapshotBytes = Buffer.byteLength(text);
    this.journal.start(this.generation);
  }

  /** Writes what is pending and closes the journal (the sandbox is stopping). */
  close(): void {
    this.persist();
    this.journal?.close();
  }

  private expired(createdAt: string): boolean {
    const created = Date.parse(createdAt);
    return !(created + SESSION_MAX_AGE * 1000 > this.now());
  }

  /** Drops expired sessions (inside a mutation). */
  pruneSessions(state: State): void {
    // read without the change-noting proxies; only the deletions are noted
    for (const [key, session] of Object.entries(this.tracker.target.sessions))
      if (this.expired(session.createdAt)) delete state.sessions[key];
  }

  /**
   * Starts a session for `email` (inside a mutation): stores only the token's hash, prunes
   * expired sessions, and ends that user's own oldest sessions beyond the per-user limit, so
   * nobody's logins can end another user's session.
   */
  addSession(state: State, token: string, email: string): void {
    this.pruneSessions(state);
    state.sessions[tokenHash(token)] = {
      email,
      createdAt: new Date(this.now()).toISOString(),
    };
    const mine = Object.entries(this.tracker.target.sessions)
      .filter(([, s]) => s.email === email)
      .sort(([, a], [, b]) => a.createdAt.localeCompare(b.createdAt));
    for (const [key] of mine.slice(
      0,
      Math.max(0, mine.length - this.limits.perUser),
    ))
      delete state.sessions[key];
  }

  /** Ends the session of `token` (inside a mutation). */
  endSession(state: State, token: string): void {
    delete state.sessions[tokenHash(token)];
  }

  hasSession(token: string | undefined): boolean {
    return this.userBySession(token) !== undefined;
  }

  userBySession(token: string | undefined): User | undefined {
    if (!token) return undefined;
    const session = this.state.sessions[tokenHash(token)];
    if (!session || this.expired(session.createdAt)) return undefined;
    return this.state.users[session.email];
  }
}
