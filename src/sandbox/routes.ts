import { randomBytes } from 'node:crypto';

import { SandboxError } from './envelope.ts';
import { marketSnapshot } from './markets.ts';
import {
  ACCOUNTS,
  CAMPAIGNS,
  COINS,
  COMPETITION,
  CONTRACTS,
  drawResultsSeed,
  ENVELOPES,
  FEE_TIERS,
  LUCKY_DRAWS,
  MARGIN,
  officialChannels,
  POSITIONS,
  PROJECTS,
  projectDetail,
  prng,
  REDIRECT_RULES,
  SAVINGS,
  TAX_DOCS,
  type Account,
  type Coin,
} from './seed.ts';
import {
  formatAmount,
  getBalance,
  newUser,
  parseAmount,
  setBalance,
  verifyPassword,
  type Store,
  type User,
} from './store.ts';
import type { LoginThrottle } from './throttle.ts';

export type Request = {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  sid: string | undefined;
};

export type Reply = { result: unknown; setSession?: string | null };
export type Context = {
  store: Store;
  siteDomain: string;
  buildId: () => string;
  events: unknown[];
  throttle: LoginThrottle;
  /** Waits `ms` (tests record the delay instead of waiting). */
  sleep: (ms: number) => Promise<void>;
};
export type Handler = (req: Request, ctx: Context) => Reply | Promise<Reply>;

const str = (value: unknown, max = 256): string | undefined =>
  typeof value === 'string' && value.length <= max ? value : undefined;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i;
const isAccount = (v: unknown): v is Account =>
  typeof v === 'string' && (ACCOUNTS as readonly string[]).includes(v);
const isCoin = (v: unknown): v is Coin =>
  typeof v === 'string' && (COINS as readonly string[]).includes(v);

const requireUser = (req: Request, ctx: Context): User => {
  const user = ctx.store.userBySession(req.sid);
  if (!user) throw new SandboxError('NOT_LOGGED_IN');
  return user;
};

const balancesOf = (user: User) =>
  ACCOUNTS.map((account) => ({
    account,
    coins: COINS.map((coin) => ({
      coin,
      available: getBalance(user, account, coin),
    })),
  }));

const debit = (user: User, account: Account, coin: Coin, units: bigint) => {
  const available = parseAmount(getBalance(user, account, coin)) ?? 0n;
  if (units > available) throw new SandboxError('INSUFFICIENT_BALANCE');
  setBalance(user, account, coin, formatAmount(available - units));
};
const credit = (user: User, account: Account, coin: Coin, units: bigint) => {
  const available = parseAmount(getBalance(user, account, coin)) ?? 0n;
  setBalance(user, account, coin, formatAmount(available + units));
};

/** Verifies against a throwaway hash, so an unknown email costs the time of a wrong password. */
const DECOY = newUser(
  'decoy@example.invalid',
  randomBytes(12).toString('hex'),
  'decoy',
);

const normalizeVerify = (kind: string, raw: string): string => {
  const value = raw.trim().toLowerCase();
  if (kind === 'url')
    return value
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/:\d+$/, '');
  if (kind === 'telegram')
    return value.replace(/^(?:https?:\/\/)?t\.me\//, '').replace(/^@/, '');
  if (kind === 'x')
    return value
      .replace(/^(?:https?:\/\/)?(?:x|twitter)\.com\//, '')
      .replace(/^@/, '');
  return value;
};

const ticketStatus = (ticket: string): 'pending' | 'approved' | 'rejected' => {
  const n = [...ticket].reduce((a, c) => a + c.charCodeAt(0), 0) % 3;
  return n === 0 ? 'pending' : n === 1 ? 'approved' : 'rejected';
};

/** Method + path pattern → handler. `:name` segments become params. */
export const ROUTES: [string, string, Handler][] = [
  [
    'GET',
    '/api/v1/market/tickers',
    () => ({ result: marketSnapshot(Date.now()) }),
  ],

  [
    'GET',
    '/api/v1/launchpad/projects',
    () => ({ result: { items: PROJECTS } }),
  ],
  [
    'GET',
    '/api/v1/launchpad/projects/:id',
    (req) => {
      const p = PROJECTS.find((x) => x.id === req.params.id);
      if (!p) throw new SandboxError('LAUNCHPAD_NOT_FOUND');
      if (p.state === 'delisted') throw new SandboxError('LAUNCHPAD_GONE');
      return { result: projectDetail(p) };
    },
  ],
  [
    'POST',
    '/api/v1/launchpad/projects/:id/subscribe',
    async (req, ctx) => {
      const user = requireUser(req, ctx);
      const p = PROJECTS.find((x) => x.id === req.params.id);
      if (!p) throw new SandboxError('LAUNCHPAD_NOT_FOUND');
      if (p.state === 'delisted') throw new SandboxError('LAUNCHPAD_GONE');
      if (p.state !== 'ongoing') throw new SandboxError('LAUNCHPAD_NOT_OPEN');
      const units = parseAmount(req.body.amount);
      if (units === undefined || units <= 0n)
        throw new SandboxError('INVALID_AMOUNT');
      const min = parseAmount(p.minSubscription) ?? 0n;
      const max = parseAmount(p.maxSubscription) ?? 0n;
      if (units < min || units > max) throw new SandboxError('LAUNCHPAD_LIMIT');
      return ctx.store.mutate((state) => {
        const u = state.users[user.email] ?? user;
        debit(u, 'ACCOUNT_TYPE_SPOT', 'USDT', units);
        state.subscriptions.push({
          email: u.email,
          kind: 'launchpad',
          target: p.id,
          coin: 'USDT',
          amount: formatAmount(units),
          at: new Date().toISOString(),
        });
        return {
          result: {
            projectId: p.id,
            amount: formatAmount(units),
            coin: 'USDT',
            balances: balancesOf(u),
          },
        };
      });
    },
  ],

  ['GET', '/api/v1/savings/products', () => ({ result: { items: SAVINGS } })],
  [
    'POST',
    '/api/v1/savings/subscribe',
    async (req, ctx) => {
      const user = requireUser(req, ctx);
      const product = SAVINGS.find((s) => s.id === req.body.productId);
      if (!product) throw new SandboxError('SAVINGS_NOT_FOUND');
      const units = parseAmount(req.body.amount);
      if (units === undefined || units <= 0n)
        throw new SandboxError('INVALID_AMOUNT');
      if (units < (parseAmount(product.minimum) ?? 0n))
        throw new SandboxError('SAVINGS_BELOW_MINIMUM');
      if (units > (parseAmount(product.quotaLeft) ?? 0n))
        throw new SandboxError('SAVINGS_QUOTA');
      const coin = product.coin as Coin;
      return ctx.store.mutate((state) => {
        const u = state.users[user.email] ?? user;
        debit(u, 'ACCOUNT_TYPE_FUND', coin, units);
        state.subscriptions.push({
          email: u.email,
          kind: 'savings',
          target: product.id,
          coin,
          amount: formatAmount(units),
          at: new Date().toISOString(),
        });
        return {
          result: {
            productId: product.id,
            amount: formatAmount(units),
            coin,
            balances: balancesOf(u),
          },
        };
      });
    },
  ],

  [
    'GET',
    '/api/v1/fee-discount/tiers',
    () => ({
      result: { items: FEE_TIERS, holdingCoin: 'USDT', volumeCoin: 'USDT' },
    }),
  ],

  [
    'GET',
    '/api/v1/official-verify',
    (req, ctx) => {
      const kind = req.query.get('kind') ?? '';
      const raw = req.query.get('value') ?? '';
      if (!['url', 'email', 'telegram', 'x'].includes(kind))
        throw new SandboxError('VERIFY_INVALID_KIND');
      if (!raw.trim() || raw.length > 256)
        throw new SandboxError('VERIFY_INVALID_VALUE');
      const value = normalizeVerify(kind, raw);
      const channels = officialChannels(ctx.siteDomain)[
        kind as 'url' | 'email' | 'telegram' | 'x'
      ];
      const matched = channels.find((c) => c === value);
      return {
        result: {
          kind,
          value,
          official: Boolean(matched),
          ...(matched ? { matched } : {}),
        },
      };
    },
  ],

  [
    'POST',
    '/api/v1/security/unbind-google2fa',
    async (req, ctx) => {
      const email = str(req.body.email);
      const uid = str(req.body.uid, 20);
      const reason = str(req.body.reason, 40);
      const contact = str(req.body.contact, 120) ?? '';
      if (!email || !EMAIL.test(email)) throw new SandboxError('INVALID_EMAIL');
      if (!uid || !/^\d{6,12}$/.test(uid))
        throw new SandboxError('INVALID_PARAMS');
      if (
        !reason ||
        !['lost-device', 'new-phone', 'app-deleted', 'other'].includes(reason)
      )
        throw new SandboxError('INVALID_PARAMS');
      const ticket = `UB${randomBytes(5).toString('hex').toUpperCase()}`;
      await ctx.store.mutate((state) => {
        state.tickets[ticket] = {
          email,
          uid,
          reason,
          contact,
          createdAt: new Date().toISOString(),
        };
      });
      return { result: { ticket, status: 'pending' } };
    },
  ],
  [
    'GET',
    '/api/v1/security/unbind-google2fa/:ticket',
    (req, ctx) => {
      const ticket = req.params.ticket ?? '';
      const t = ctx.store.state.tickets[ticket];
      if (!t) throw new SandboxError('TICKET_NOT_FOUND');
      return {
        result: {
          ticket,
          status: ticketStatus(ticket),
          createdAt: t.createdAt,
        },
      };
    },
  ],

  [
    'GET',
    '/api/v1/red-envelopes/:code',
    (req, ctx) => {
      const code = (req.params.code ?? '').toUpperCase();
      const envelope = ENVELOPES.find((e) => e.code === code);
      if (!envelope) throw new SandboxError('ENVELOPE_NOT_FOUND');
      const user = ctx.store.userBySession(req.sid);
      const received = user
        ? (ctx.store.state.received[user.email] ?? []).includes(code)
        : false;
      return {
        result: { ...envelope, state: received ? 'received' : envelope.state },
      };
    },
  ],
  [
    'POST',
    '/api/v1/red-envelopes/:code/receive',
    async (req, ctx) => {
      const user = requireUser(req, ctx);
      const code = (req.params.code ?? '').toUpperCase();
      const envelope = ENVELOPES.find((e) => e.code === code);
      if (!envelope) throw new SandboxError('ENVELOPE_NOT_FOUND');
      if (envelope.state === 'expired')
        throw new SandboxError('ENVELOPE_EXPIRED');
      if (envelope.state === 'exhausted')
        throw new SandboxError('ENVELOPE_EXHAUSTED');
      return ctx.store.mutate((state) => {
        const list = (state.received[user.email] ??= []);
        if (list.includes(code))
          throw new SandboxError('ENVELOPE_ALREADY_RECEIVED');
        list.push(code);
        state.envelopeClaims[code] = (state.envelopeClaims[code] ?? 0) + 1;
        const u = state.users[user.email] ?? user;
        credit(
          u,
          'ACCOUNT_TYPE_FUND',
          envelope.coin,
          parseAmount(envelope.amount) ?? 0n,
        );
        return {
          result: {
            code,
            coin: envelope.coin,
            amount: envelope.amount,
            state: 'received',
          },
        };
      });
    },
  ],

  [
    'GET',
    '/api/v1/lucky-draws',
    () => ({
      result: {
        items: LUCKY_DRAWS.map(({ name, startAt, endAt }) => ({
          name,
          startAt,
          endAt,
        })),
      },
    }),
  ],
  [
    'GET',
    '/api/v1/lucky-draws/:name',
    (req, ctx) => {
      const draw = LUCKY_DRAWS.find((d) => d.name === req.params.name);
      if (!draw) throw new SandboxError('DRAW_NOT_FOUND');
      const user = ctx.store.userBySession(req.sid);
      const mine = user
        ? ctx.store.state.draws[`${draw.name}|${user.email}`]
        : undefined;
      return {
        result: {
          ...draw,
          chancesLeft: user ? draw.chancesPerUser - (mine?.count ?? 0) : null,
          myResults: mine?.results ?? [],
          results: drawResultsSeed(draw.name),
        },
      };
    },
  ],
  [
    'POST',
    '/api/v1/lucky-draws/:name/draw',
    async (req, ctx) => {
      const user = requireUser(req, ctx);
      const draw = LUCKY_DRAWS.find((d) => d.name === req.params.name);
      if (!draw) throw new SandboxError('DRAW_NOT_FOUND');
      return ctx.store.mutate((state) => {
        const key = `${draw.name}|${user.email}`;
        const mine = (state.draws[key] ??= { count: 0, results: [] });
        if (mine.count >= draw.chancesPerUser)
          throw new SandboxError('NO_CHANCES_LEFT');
        const random = prng(
          [...key].reduce(
            (a, c) => a * 31 + c.charCodeAt(0),
            mine.count + 1,
          ) >>> 0,
        )();
        let acc = 0;
        const prize =
          draw.prizes.find((p) => (acc += Number(p.probability)) >= random) ??
          draw.prizes[draw.prizes.length - 1];
        if (!prize) throw new SandboxError('INTERNAL');
        mine.count++;
        const result = { prizeId: prize.id, at: new Date().toISOString() };
        mine.results.push(result);
        const u = state.users[user.email] ?? user;
        credit(
          u,
          'ACCOUNT_TYPE_FUND',
          prize.coin as Coin,
          parseAmount(prize.amount) ?? 0n,
        );
        return {
          result: {
            ...result,
            coin: prize.coin,
            amount: prize.amount,
            chancesLeft: draw.chancesPerUser - mine.count,
          },
        };
      });
    },
  ],

  [
    'GET',
    '/api/v1/competitions/:name',
    (req) => {
      if (req.params.name !== COMPETITION.name)
        throw new SandboxError('NOT_FOUND');
      return { result: COMPETITION };
    },
  ],
  [
    'GET',
    '/api/v1/announcements/contract-details',
    () => ({ result: { items: CONTRACTS } }),
  ],
  [
    'GET',
    '/api/v1/announcements/margin-parameters',
    () => ({ result: { items: MARGIN } }),
  ],
  [
    'GET',
    '/api/v1/careers/positions',
    (_req, ctx) => ({
      result: {
        items: POSITIONS.map((p) => ({
          ...p,
          applyUrl: `https://careers.${ctx.siteDomain}/apply/${p.id}`,
        })),
      },
    }),
  ],
  ['GET', '/api/v1/tax-api/docs', () => ({ result: TAX_DOCS })],
  [
    'GET',
    '/api/v1/campaigns',
    () => ({ result: { items: CAMPAIGNS.map(({ tasks: _t, ...c }) => c) } }),
  ],
  [
    'GET',
    '/api/v1/campaigns/:name',
    (req) => {
      const campaign = CAMPAIGNS.find((c) => c.name === req.params.name);
      if (!campaign) throw new SandboxError('CAMPAIGN_NOT_FOUND');
      return { result: campaign };
    },
  ],
  [
    'GET',
    '/api/v1/redirect-rules',
    (req) => ({
      result: { rule: REDIRECT_RULES[req.query.get('path') ?? ''] ?? null },
    }),
  ],

  [
    'POST',
    '/api/v1/user/register',
    async (req, ctx) => {
      const email = str(req.body.email)?.trim().toLowerCase();
      const password = str(req.body.password, 128);
      if (!email || !EMAIL.test(email)) throw new SandboxError('INVALID_EMAIL');
      if (
        !password ||
        password.length < 8 ||
        !/[a-z]/i.test(password) ||
        !/\d/.test(password)
      )
        throw new SandboxError('WEAK_PASSWORD');
      const sid = randomBytes(24).toString('base64url');
      await ctx.store.mutate((state) => {
        if (state.users[email]) throw new SandboxError('EMAIL_TAKEN');
        const user = newUser(email, password, email.split('@')[0] ?? 'trader');
        setBalance(user, 'ACCOUNT_TYPE_FUND', 'USDT', '100.00000000');
        state.users[email] = user;
        ctx.store.addSession(state, sid, email);
      });
      return { result: { email }, setSession: sid };
    },
  ],
  [
    'POST',
    '/api/v1/user/login',
    async (req, ctx) => {
      const email = str(req.body.email)?.trim().toLowerCase();
      const password = str(req.body.password, 128);
      if (!email || !EMAIL.test(email) || !password)
        throw new SandboxError('INVALID_PARAMS');
      // a growing wait after repeated failures, never a refusal: nobody can lock the owner out
      const delay = ctx.throttle.delayFor(email);
      if (delay > 0) await ctx.sleep(delay);
      const user = ctx.store.state.users[email];
      // one answer for an unknown account and a wrong password (no account enumeration)
      if (!verifyPassword(password, user ?? DECOY) || !user) {
        ctx.throttle.fail(email);
        throw new SandboxError('WRONG_PASSWORD');
      }
      ctx.throttle.succeed(email);
      const sid = randomBytes(24).toString('base64url');
      await ctx.store.mutate((state) => {
        ctx.store.addSession(state, sid, email);
      });
      return { result: { email }, setSession: sid };
    },
  ],
  [
    'POST',
    '/api/v1/user/logout',
    async (req, ctx) => {
      if (req.sid && ctx.store.hasSession(req.sid)) {
        const sid = req.sid;
        await ctx.store.mutate((state) => {
          ctx.store.endSession(state, sid);
        });
      }
      return { result: { ok: true }, setSession: null };
    },
  ],
  [
    'GET',
    '/api/v1/user/info',
    (req, ctx) => {
      const user = requireUser(req, ctx);
      const [name = '', domain = ''] = user.email.split('@');
      return {
        result: {
          uid: user.uid,
          email: `${name.slice(0, 2)}***@${domain}`,
          nickname: user.nickname,
          vip: user.vip,
        },
      };
    },
  ],
  [
    'GET',
    '/api/v1/account/balances',
    (req, ctx) => ({ result: { items: balancesOf(requireUser(req, ctx)) } }),
  ],
  [
    'POST',
    '/api/v1/account/transfer',
    async (req, ctx) => {
      const user = requireUser(req, ctx);
      const { from, to, coin } = req.body;
      if (!isAccount(from) || !isAccount(to))
        throw new SandboxError('UNKNOWN_ACCOUNT');
      if (from === to) throw new SandboxError('SAME_ACCOUNT');
      if (!isCoin(coin)) throw new SandboxError('UNKNOWN_COIN');
      const units = parseAmount(req.body.amount);
      if (units === undefined || units <= 0n)
        throw new SandboxError('INVALID_AMOUNT');
      return ctx.store.mutate((state) => {
        const u = state.users[user.email] ?? user;
        debit(u, from, coin, units);
        credit(u, to, coin, units);
        state.transfers++;
        return {
          result: {
            id: `t-${state.transfers}`,
            from,
            to,
            coin,
            amount: formatAmount(units),
            balances: balancesOf(u),
          },
        };
      });
    },
  ],

  [
    'POST',
    '/api/v1/collect',
    (req, ctx) => {
      const events = Array.isArray(req.body.events)
        ? req.body.events.slice(0, 200)
        : [];
      for (const event of events) {
        if (typeof event === 'object' && event !== null)
          ctx.events.push({ ...event, receivedAt: new Date().toISOString() });
      }
      if (ctx.events.length > 5000)
        ctx.events.splice(0, ctx.events.length - 5000);
      return { result: { accepted: events.length } };
    },
  ],
];

/** Match a method + path to a handler and its params. */
export const matchRoute = (method: string, pathname: string) => {
  const parts = pathname.split('/');
  let pathMatched = false;
  for (const [m, pattern, handler] of ROUTES) {
    const pp = pattern.split('/');
    if (pp.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pp.every((seg, i) => {
      const part = parts[i] ?? '';
      if (seg.startsWith(':')) {
        params[seg.slice(1)] = part;
        return part.length > 0 && part.length <= 128;
      }
      return seg === part;
    });
    if (!ok) continue;
    pathMatched = true;
    if (m === method || (method === 'HEAD' && m === 'GET'))
      return { handler, params };
  }
  return pathMatched ? 'method-not-allowed' : undefined;
};
