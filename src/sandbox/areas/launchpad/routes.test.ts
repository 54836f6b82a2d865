import { describe, expect, it } from 'vitest';

import { ratio, times } from '../../seed.ts';
import type { State } from '../../store.ts';
import { apiCall, logIn, withOwnSandbox } from '../../testing.ts';
import { withSubscriptions } from './routes.ts';
import { PROJECTS } from './seed.ts';

const aurora = PROJECTS.find((p) => p.id === 'aurora-chain');
if (!aurora) throw new Error('the seed has aurora-chain');

const entry = (
  email: string,
  amount: string,
  target = 'aurora-chain',
  kind = 'launchpad',
): State['subscriptions'][number] => ({
  email,
  kind,
  target,
  coin: 'USDT',
  amount,
  at: '2026-11-20T00:00:00.000Z',
});

describe('withSubscriptions', () => {
  it('is the seed when nobody subscribed to the project', () => {
    expect(
      withSubscriptions(aurora, [
        entry('a@example.com', '100', 'nebula-pay'),
        entry('a@example.com', '100', 'aurora-chain', 'savings'),
      ]),
    ).toBe(aurora);
  });

  it('adds every amount, each trader once, and the progress follows', () => {
    const now = withSubscriptions(aurora, [
      entry('a@example.com', '250'),
      entry('a@example.com', '500'),
      entry('b@example.com', '10.5'),
    ]);
    expect(Number(now.raised)).toBe(Number(aurora.raised) + 760.5);
    expect(now.participants).toBe(aurora.participants + 2);
    expect(now.progress).toBe(
      ratio(now.raised, times(aurora.totalAllocation, aurora.price), 4),
    );
  });
});

describe('launchpad totals over HTTP', () => {
  const own = withOwnSandbox({ tokenCookieName: 'b_t_c_k_launch' });

  type Project = { id: string; raised: string; participants: number };
  const get = async <T>(pathname: string, cookie?: string) =>
    (await apiCall<T>(own.url, pathname, cookie ? { cookie } : {})).result;
  const detail = () => get<Project>('/launchpad/projects/aurora-chain');
  const listed = async () =>
    (await get<{ items: Project[] }>('/launchpad/projects')).items.find(
      (p) => p.id === 'aurora-chain',
    );

  it('after 250 and 500 USDT: committed +750 and one more participant everywhere', async () => {
    const before = await detail();
    const cookie = await logIn(own.url);
    for (const amount of ['250', '500']) {
      const res = await apiCall(
        own.url,
        '/launchpad/projects/aurora-chain/subscribe',
        { cookie, body: { amount } },
      );
      expect(res.ret_code).toBe(0);
    }
    const after = await detail();
    expect(Number(after.raised)).toBe(Number(before.raised) + 750);
    expect(after.participants).toBe(before.participants + 1);
    expect(await listed()).toMatchObject({
      raised: after.raised,
      participants: after.participants,
    });
    const mine = await get<{
      committed: string;
      totals: { raised: string; participants: number };
    }>('/launchpad/projects/aurora-chain/mine', cookie);
    expect(Number(mine.committed)).toBe(750);
    expect(mine.totals).toEqual({
      raised: after.raised,
      participants: after.participants,
    });
  });
});
