/**
 * Every sandbox ret_code with its stable English ret_msg. The site shows its own translated
 * text for each (errorCode.{code}); ret_msg is the fallback (spec §8).
 */
export const SANDBOX_CODES = {
  OK: [0, 'OK'],
  INVALID_PARAMS: [10001, 'Invalid parameters'],
  WRONG_PASSWORD: [10002, 'Wrong email or password'],
  WEAK_PASSWORD: [
    10005,
    'Password must be at least 8 characters with a letter and a digit',
  ],
  INVALID_EMAIL: [10006, 'Invalid email address'],
  TOO_MANY_ATTEMPTS: [
    10007,
    'Too many login attempts for this account at once; try again in a few seconds',
  ],
  NOT_LOGGED_IN: [10008, 'Please log in'],
  TOO_MANY_REGISTRATIONS: [10009, 'Too many sign-ups; try again later'],
  CONFIRMATION_INVALID: [
    10010,
    'This confirmation link is invalid or has expired',
  ],
  SAME_ACCOUNT: [20001, 'Choose two different accounts'],
  UNKNOWN_ACCOUNT: [20002, 'Unknown account type'],
  UNKNOWN_COIN: [20003, 'Unknown coin'],
  INVALID_AMOUNT: [20004, 'Invalid amount'],
  INSUFFICIENT_BALANCE: [20005, 'Insufficient balance'],
  LAUNCHPAD_NOT_FOUND: [30001, 'Launchpad project not found'],
  LAUNCHPAD_GONE: [30002, 'This launchpad project was delisted'],
  LAUNCHPAD_NOT_OPEN: [30003, 'Subscription is not open'],
  LAUNCHPAD_LIMIT: [30004, 'Amount outside the subscription limits'],
  SAVINGS_NOT_FOUND: [40001, 'Savings product not found'],
  SAVINGS_BELOW_MINIMUM: [40002, 'Amount below the product minimum'],
  SAVINGS_QUOTA: [40003, 'Amount exceeds the remaining quota'],
  SAVINGS_POSITION_NOT_FOUND: [40004, 'Savings position not found'],
  SAVINGS_NOT_REDEEMABLE: [
    40005,
    'Only flexible savings can be redeemed before they mature',
  ],
  SAVINGS_REDEEM_EXCEEDS: [40006, 'Amount exceeds the savings position'],
  ENVELOPE_NOT_FOUND: [50001, 'Red envelope not found'],
  ENVELOPE_EXPIRED: [50002, 'This red envelope has expired'],
  ENVELOPE_ALREADY_RECEIVED: [50003, 'You already received this red envelope'],
  ENVELOPE_EXHAUSTED: [50004, 'This red envelope is empty'],
  DRAW_NOT_FOUND: [60001, 'Lucky draw not found'],
  NO_CHANCES_LEFT: [60002, 'No draws left'],
  CAMPAIGN_NOT_FOUND: [70001, 'Campaign not found'],
  COMPETITION_CLOSED: [75001, 'Joining this competition is closed'],
  VERIFY_INVALID_KIND: [80001, 'Unknown verification type'],
  VERIFY_INVALID_VALUE: [80002, 'Enter a value to verify'],
  TICKET_NOT_FOUND: [90001, 'Request not found'],
  NOT_FOUND: [99001, 'Not found'],
  METHOD_NOT_ALLOWED: [99002, 'Method not allowed'],
  BAD_JSON: [99003, 'Malformed JSON body'],
  BODY_TOO_LARGE: [99004, 'Request body too large'],
  INTERNAL: [99999, 'Internal error'],
} as const satisfies Record<string, readonly [number, string]>;

export type SandboxCode = keyof typeof SANDBOX_CODES;
