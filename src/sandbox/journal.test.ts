import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { applyOps, ChangeTracker, type JournalOp } from './journal.ts';

/** A state shaped like the sandbox's: records of records, an array, a counter. */
type State = {
  users: Record<string, { balances: Record<string, string>; vip: number }>;
  sessions: Record<string, { email: string }>;
  subscriptions: { email: string; amount: string }[];
  transfers: number;
};

const seed = (): State => ({
  users: { a: { balances: { USDT: '1' }, vip: 0 } },
  sessions: {},
  subscriptions: [],
  transfers: 0,
});

const key = fc.constantFrom('a', 'b', 'c');

/** One change a handler could make, applied through the tracked state. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('balance'), user: key, value: fc.string() }),
  fc.record({ kind: fc.constant('vip'), user: key, value: fc.nat(9) }),
  fc.record({ kind: fc.constant('addUser'), user: key }),
  fc.record({ kind: fc.constant('deleteUser'), user: key }),
  fc.record({ kind: fc.constant('session'), id: key, user: key }),
  fc.record({ kind: fc.constant('endSession'), id: key }),
  fc.record({ kind: fc.constant('subscribe'), user: key, value: fc.string() }),
  fc.record({ kind: fc.constant('pop') }),
  fc.record({ kind: fc.constant('transfer') }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

const apply = (state: State, c: Change): void => {
  switch (c.kind) {
    case 'balance': {
      const user = state.users[c.user];
      if (user) user.balances.USDT = c.value;
      break;
    }
    case 'vip': {
      const user = state.users[c.user];
      if (user) user.vip = c.value;
      break;
    }
    case 'addUser':
      state.users[c.user] = { balances: {}, vip: 0 };
      break;
    case 'deleteUser':
      delete state.users[c.user];
      break;
    case 'session':
      state.sessions[c.id] = { email: c.user };
      break;
    case 'endSession':
      delete state.sessions[c.id];
      break;
    case 'subscribe':
      state.subscriptions.push({ email: c.user, amount: c.value });
      break;
    case 'pop':
      state.subscriptions.pop();
      break;
    case 'transfer':
      state.transfers++;
      break;
  }
};

describe('ChangeTracker', () => {
  it('replaying what it noted rebuilds the state, whatever the changes (as at a restart)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 5 })), (mutations) => {
        const tracker = new ChangeTracker(seed());
        const journal: JournalOp[] = [];
        for (const mutation of mutations) {
          for (const c of mutation) apply(tracker.state, c);
          // each mutation's line goes through JSON, as on disk
          journal.push(
            ...(JSON.parse(JSON.stringify(tracker.take())) as JournalOp[]),
          );
        }
        const replayed = seed() as unknown as Record<string, unknown>;
        applyOps(replayed, journal);
        expect(replayed).toEqual(tracker.target);
      }),
    );
  });

  it('notes only the records written, however deep the write', () => {
    const tracker = new ChangeTracker(seed());
    const user = tracker.state.users.a;
    expect(tracker.changed).toBe(false);
    if (user) user.balances.USDT = '2';
    tracker.state.transfers++;
    expect(tracker.take()).toEqual([
      { c: 'users', k: 'a', v: { balances: { USDT: '2' }, vip: 0 } },
      { c: 'transfers', k: null, v: 1 },
    ]);
    // reading notes nothing; the same record is the same object
    expect(tracker.state.users.a).toBe(tracker.state.users.a);
    expect(Object.keys(tracker.state.users)).toEqual(['a']);
    expect(tracker.take()).toEqual([]);
  });
});
