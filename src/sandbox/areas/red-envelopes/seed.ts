/** The red-envelopes area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */
import { at } from '../../seed.ts';

/**
 * The rules every red envelope follows; the red-envelope page states them, and the seed test
 * checks ENVELOPES against them.
 */
export const ENVELOPE_RULES = {
  /** The longest an envelope stays open after it is sent. */
  maxValidityDays: 60,
  /** Envelopes one account may receive in a UTC day. */
  receivesPerDay: 10,
  /** The coins envelopes are sent in. */
  coins: ['USDT', 'BTC', 'ETH'],
} as const;

export const ENVELOPES = [
  {
    code: 'WELCOME2026',
    coin: 'USDT',
    amount: '8.88',
    state: 'valid',
    expiresAt: at(60),
    sender: 'e***e@example.org',
  },
  {
    code: 'LUCKY88',
    coin: 'USDT',
    amount: '88',
    state: 'valid',
    expiresAt: at(45),
    sender: 'k***9',
  },
  {
    code: 'BTCDROP',
    coin: 'BTC',
    amount: '0.0001',
    state: 'valid',
    expiresAt: at(30),
    sender: 'm***n',
  },
  {
    code: 'EXPIRED2025',
    coin: 'USDT',
    amount: '5',
    state: 'expired',
    expiresAt: at(-30),
    sender: 's***a',
  },
  {
    code: 'EMPTYBAG',
    coin: 'ETH',
    amount: '0.01',
    state: 'exhausted',
    expiresAt: at(20),
    sender: 'r***o',
  },
] as const;
