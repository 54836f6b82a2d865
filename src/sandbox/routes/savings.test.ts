import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNT, DEMO_SAVINGS, SAVINGS } from '../seed.ts';
import { startSandbox, type Sandbox } from '../server.ts';
import { parseAmount } from '../store.ts';
import { tieredInterest } from './savings.ts';

const u = (value: string): bigint => parseAmount(value) ?? -1n;
const BANDS = [
  { upTo: '1000', apr: '0.08' },
  { upTo: null, apr: '0.03' },
];

describe('tieredInterest', () => {
  it('pays each band its own rate', () => {
    // 1,000 × 8% / 365 = 0.21917808…
    expect(tieredInterest(u('1000'), BANDS, 1n)).toBe(u('0.21917808'));
    // 1,000 × 8% + 1,000 × 3% = 110 a year
    expect(tieredInterest(u('2000'), BANDS, 365n)).toBe(u('110'));
    expect(tieredInterest(u('500'), BANDS, 365n)).toBe(u('40'));
    expect(tieredInterest(u('2000'), BANDS, 0n)).toBe(0n);
  });
});

describe('GET /savings/positions', () => {
  let dir: string;
  let sandbox: Sandbox;
  const cookieName = 'b_t_c_k_savings';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-savings-'));
    sandbox = await startSandbox({
      port: 0,
      dataFile: path.join(dir, 'state.json'),
      tokenCookieName: cookieName,
      secureCookies: false,
      controls: false,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const positions = (cookie?: string) =>
    fetch(`${sandbox.url}/api/v1/savings/positions`, {
      headers: cookie ? { cookie } : {},
    }).then(
      async (res) =>
        (await res.json()) as {
          ret_code: number;
          result: {
            items: {
              productId: string;
              amount: string;
              accrued: string;
              daily: string;
              maturesAt: string | null;
            }[];
          };
        },
    );

  it('asks a guest to log in', async () => {
    expect((await positions()).ret_code).not.toBe(0);
  });

  it("lists the demo trader's subscriptions with the interest accrued", async () => {
    const res = await fetch(`${sandbox.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { ret_code, result } = await positions(cookie);
    expect(ret_code).toBe(0);
    expect(result.items.map((i) => i.productId)).toEqual(
      DEMO_SAVINGS.map((s) => s.productId),
    );
    for (const [index, seeded] of DEMO_SAVINGS.entries()) {
      const item = result.items[index];
      const product = SAVINGS.find((p) => p.id === seeded.productId);
      if (!item || !product) throw new Error(`missing ${seeded.productId}`);
      expect(u(item.amount)).toBe(u(seeded.amount));
      const days = BigInt(
        product.kind === 'fixed'
          ? Math.min(seeded.daysAgo, product.termDays)
          : seeded.daysAgo,
      );
      expect(u(item.accrued)).toBe(
        tieredInterest(u(seeded.amount), product.tiers, days),
      );
      expect(u(item.daily)).toBe(
        tieredInterest(u(seeded.amount), product.tiers, 1n),
      );
      expect(item.maturesAt === null).toBe(product.kind === 'flexible');
    }
  });
});
