/** The welcome area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */
import { at } from '../../seed.ts';

export const CAMPAIGNS = [
  {
    name: 'newcomer',
    rewardAmount: '100',
    rewardCoin: 'USDT',
    startAt: at(-10),
    endAt: at(50),
    tasks: [
      { code: 'verify-identity', reward: '10', coin: 'USDT', target: '1' },
      { code: 'first-deposit', reward: '20', coin: 'USDT', target: '100' },
      { code: 'first-trade', reward: '30', coin: 'USDT', target: '50' },
      { code: 'savings-subscribe', reward: '40', coin: 'USDT', target: '200' },
    ],
  },
  {
    name: 'futures-starter',
    rewardAmount: '200',
    rewardCoin: 'USDT',
    startAt: at(-5),
    endAt: at(40),
    tasks: [
      {
        code: 'transfer-to-derivatives',
        reward: '20',
        coin: 'USDT',
        target: '50',
      },
      { code: 'futures-trade', reward: '80', coin: 'USDT', target: '1000' },
      { code: 'futures-volume', reward: '100', coin: 'USDT', target: '10000' },
    ],
  },
  {
    name: 'earn-week',
    rewardAmount: '50',
    rewardCoin: 'USDT',
    startAt: at(2),
    endAt: at(9),
    tasks: [
      { code: 'savings-subscribe', reward: '25', coin: 'USDT', target: '500' },
      { code: 'invite-friend', reward: '25', coin: 'USDT', target: '1' },
    ],
  },
];
