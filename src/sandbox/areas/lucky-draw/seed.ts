/** The lucky-draw area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */
import { at, prng } from '../../seed.ts';

export const LUCKY_DRAWS = [
  {
    name: 'snooker-masters-2026',
    startAt: at(-5),
    endAt: at(25),
    chancesPerUser: 3,
    prizes: [
      {
        id: 'grand',
        coin: 'BTC',
        amount: '0.05',
        probability: '0.001',
        remaining: 2,
      },
      {
        id: 'first',
        coin: 'ETH',
        amount: '0.5',
        probability: '0.009',
        remaining: 10,
      },
      {
        id: 'second',
        coin: 'USDT',
        amount: '100',
        probability: '0.09',
        remaining: 150,
      },
      {
        id: 'third',
        coin: 'USDT',
        amount: '10',
        probability: '0.3',
        remaining: 2000,
      },
      {
        id: 'consolation',
        coin: 'XRP',
        amount: '5',
        probability: '0.6',
        remaining: 20000,
      },
    ],
  },
  {
    name: 'new-year-2027',
    startAt: at(55),
    endAt: at(75),
    chancesPerUser: 2,
    prizes: [
      {
        id: 'grand',
        coin: 'BTC',
        amount: '0.1',
        probability: '0.002',
        remaining: 1,
      },
      {
        id: 'first',
        coin: 'USDT',
        amount: '500',
        probability: '0.018',
        remaining: 20,
      },
      {
        id: 'second',
        coin: 'EOS',
        amount: '50',
        probability: '0.18',
        remaining: 500,
      },
      {
        id: 'consolation',
        coin: 'USDT',
        amount: '2',
        probability: '0.8',
        remaining: 50000,
      },
    ],
  },
];

export const drawResultsSeed = (name: string) => {
  const random = prng(name.length * 7919);
  const draw = LUCKY_DRAWS.find((d) => d.name === name);
  if (!draw) return [];
  return Array.from({ length: 12 }, (_, i) => {
    const prize =
      draw.prizes[Math.floor(random() * draw.prizes.length)] ?? draw.prizes[0];
    return {
      user: `${String.fromCharCode(97 + Math.floor(random() * 26))}***${Math.floor(random() * 90 + 10)}`,
      prizeId: prize?.id ?? 'consolation',
      at: at(-1, -i),
    };
  });
};
