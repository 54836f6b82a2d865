/** The competition area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */
import { at, prng } from '../../seed.ts';

export const COMPETITION = (() => {
  const random = prng(2025);
  const names = [
    'Tiger',
    'Falcon',
    'Orca',
    'Panda',
    'Lynx',
    'Kite',
    'Viper',
    'Heron',
    'Bison',
    'Raven',
    'Otter',
    'Koala',
  ];
  const leaderboard = Array.from({ length: 50 }, (_, i) => {
    const name = names[Math.floor(random() * names.length)] ?? 'Trader';
    return {
      rank: i + 1,
      nickname: `${name}${Math.floor(random() * 900 + 100)}`.replace(
        /^(.{2}).*(.{2})$/,
        '$1***$2',
      ),
      pnlPercent: (3.2 - i * 0.055 + random() * 0.02).toFixed(4),
      volume: (5_000_000 - i * 87_000 + Math.floor(random() * 40_000)).toFixed(
        2,
      ),
    };
  });
  return {
    name: 'ZCCCompetition2025',
    phases: [
      { phase: 'registration', startAt: at(-20), endAt: at(-10) },
      { phase: 'trading', startAt: at(-10), endAt: at(20) },
      { phase: 'review', startAt: at(20), endAt: at(25) },
      { phase: 'rewards', startAt: at(25), endAt: at(30) },
    ],
    rules: [
      'min-volume',
      'futures-only',
      'no-wash-trading',
      'pnl-ranking',
      'kyc-required',
      'rewards-as-vouchers',
      'one-account',
      'join-until-end',
    ],
    totalPool: '1000000',
    poolCoin: 'USDT',
    /** Each rank of a range gets `amount`; the ranks' amounts add up to `totalPool`. */
    prizePool: [
      { rankFrom: 1, rankTo: 1, coin: 'USDT', amount: '200000' },
      { rankFrom: 2, rankTo: 2, coin: 'USDT', amount: '120000' },
      { rankFrom: 3, rankTo: 3, coin: 'USDT', amount: '80000' },
      { rankFrom: 4, rankTo: 10, coin: 'USDT', amount: '30000' },
      { rankFrom: 11, rankTo: 50, coin: 'USDT', amount: '9750' },
    ],
    participants: 48213,
    updatedAt: at(0),
    leaderboard,
  };
})();

/** When traders may join a competition: from the registration's start to the trading phase's end. */
export const competitionJoinWindow = (c: {
  phases: readonly { phase: string; startAt: string; endAt: string }[];
}): { opensAt: string; closesAt: string } => {
  const registration = c.phases.find((p) => p.phase === 'registration');
  const trading = c.phases.find((p) => p.phase === 'trading');
  if (!registration || !trading)
    throw new Error('a competition needs registration and trading phases');
  return { opensAt: registration.startAt, closesAt: trading.endAt };
};
