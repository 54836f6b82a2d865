import {
  createHash,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

import * as v from 'valibot';

import {
  ACCOUNTS,
  at,
  COINS,
  DEMO_ACCOUNT,
  DEMO_SAVINGS,
  demoBalances,
  emptyBalances,
  SAVINGS,
  type Account,
  type Coin,
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

export type User = v.InferOutput<typeof userSchema>;

/** How long a session lives, server-side as in the cookie's Max-Age (seconds). */
export const SESSION_MAX_AGE = 7 * 24 * 3600;

export type SessionLimits = {
  /** Sessions one user may hold; a new login ends that user's oldest beyond it. */
  perUser: number;
  /** Sessions in total; a new login ends the oldest session of anyone beyond it. */
  total: number;
};
export const SESSION_LIMITS: SessionLimits = { perUser: 100, total: 10_000 };

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

export const newUser = (
  email: string,
  password: string,
  nickname: string,
  balances = emptyBalances(),
): User => {
  const salt = randomBytes(16).toString('hex');
  return {
    uid: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
    email,
    nickname,
    salt,
    hash: hashPassword(password, salt),
    vip: 0,
    createdAt: new Date().toISOString(),
    balances: toStrings(balances),
  };
};

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
 * The sandbox's state: in memory, written to the data file atomically (temp file in the same
 * directory, fsync, rename) before a mutating request answers, so a restart loses nothing.
 * Mutations run one at a time (an async mutex), so concurrent transfers never lose or create
 * money.
 */
export type StoreOptions = {
  log?: (msg: string) => void;
  /** The clock sessions expire by (milliseconds since the epoch). */
  now?: () => number;
  sessionLimits?: SessionLimits;
};

/**
 * Temporary files a writer that crashed between write and rename left beside the data file
 * (`state.json.<pid>.tmp`): never read, so removed at start-up.
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
      name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length)),
  );
  for (const name of stale) rmSync(path.join(dir, name), { force: true });
  return stale;
};

export class Store {
  state: State;
  private readonly file: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private readonly limits: SessionLimits;

  constructor(file: string | undefined, options: StoreOptions = {}) {
    const log = options.log ?? (() => undefined);
    this.now = options.now ?? Date.now;
    this.limits = options.sessionLimits ?? SESSION_LIMITS;
    this.file = file;
    this.state = seedState();
    if (!file) return;
    const stale = removeStaleTempFiles(file);
    if (stale.length > 0)
      log(
        `sandbox: removed ${stale.length} stale temporary file(s): ${stale.join(', ')}`,
      );
    if (!existsSync(file)) return;
    try {
      const parsed = v.safeParse(
        stateSchema,
        JSON.parse(readFileSync(file, 'utf8')),
      );
      if (!parsed.success)
        throw new Error(parsed.issues[0]?.message ?? 'invalid state');
      this.state = parsed.output;
      // Files written before tokens were hashed hold raw tokens as keys: those sessions end.
      for (const key of Object.keys(this.state.sessions))
        if (!TOKEN_HASH.test(key)) delete this.state.sessions[key];
      this.pruneSessions(this.state);
    } catch (error) {
      const aside = `${file}.corrupt-${Date.now()}`;
      renameSync(file, aside);
      log(
        `sandbox data file unreadable (${String(error)}): moved to ${aside}, starting from the seed`,
      );
    }
  }

  /** Run one mutation at a time and persist it before resolving. */
  mutate<T>(fn: (state: State) => T | Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const result = await fn(this.state);
      this.persist();
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  reset(): Promise<void> {
    return this.mutate(() => {
      this.state = seedState();
    });
  }

  persist(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, JSON.stringify(this.state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
  }

  private expired(createdAt: string): boolean {
    const created = Date.parse(createdAt);
    return !(created + SESSION_MAX_AGE * 1000 > this.now());
  }

  /** Drops expired sessions (inside a mutation). */
  pruneSessions(state: State): void {
    for (const [key, session] of Object.entries(state.sessions))
      if (this.expired(session.createdAt)) delete state.sessions[key];
  }

  /**
   * Starts a session for `email` (inside a mutation): stores only the token's hash, prunes
   * expired sessions, and ends the oldest ones beyond the per-user and total limits, so the
   * data file stays bounded whatever the number of logins.
   */
  addSession(state: State, token: string, email: string): void {
    this.pruneSessions(state);
    state.sessions[tokenHash(token)] = {
      email,
      createdAt: new Date(this.now()).toISOString(),
    };
    const oldestFirst = (entries: [string, { createdAt: string }][]) =>
      entries.sort(([, a], [, b]) => a.createdAt.localeCompare(b.createdAt));
    const mine = oldestFirst(
      Object.entries(state.sessions).filter(([, s]) => s.email === email),
    );
    for (const [key] of mine.slice(
      0,
      Math.max(0, mine.length - this.limits.perUser),
    ))
      delete state.sessions[key];
    const all = oldestFirst(Object.entries(state.sessions));
    for (const [key] of all.slice(
      0,
      Math.max(0, all.length - this.limits.total),
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
