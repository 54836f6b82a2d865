import { msg } from '@lingui/core/macro';

/**
 * The translations of the API's ret_codes (spec §8: a warning toast shows errorCode.{code},
 * else ret_msg). Kept in src/lib/client/ so they ship in the client catalog, the only
 * messages the browser receives. One entry per code the site's widgets can meet.
 */
export const ERROR_CODE_MESSAGES = [
  msg({
    id: 'errorCode.10001',
    message: 'Some fields are missing or invalid.',
  }),
  msg({ id: 'errorCode.10002', message: 'Wrong email or password.' }),
  msg({
    id: 'errorCode.10003',
    message: 'No account uses this email address.',
  }),
  msg({
    id: 'errorCode.10004',
    message: 'This email address is already registered.',
  }),
  msg({
    id: 'errorCode.10005',
    message:
      'Use at least 8 characters with at least one letter and one digit.',
  }),
  msg({ id: 'errorCode.10006', message: 'Enter a valid email address.' }),
  msg({
    id: 'errorCode.10007',
    message: 'Too many failed attempts. Try again in a minute.',
  }),
  msg({ id: 'errorCode.10008', message: 'Please log in to continue.' }),
  msg({
    id: 'errorCode.10009',
    message: 'Too many sign-ups from your network. Try again later.',
  }),
  msg({ id: 'errorCode.20001', message: 'Choose two different accounts.' }),
  msg({
    id: 'errorCode.20002',
    message: 'This account type is not supported.',
  }),
  msg({ id: 'errorCode.20003', message: 'This coin is not supported.' }),
  msg({ id: 'errorCode.20004', message: 'Enter an amount greater than zero.' }),
  msg({
    id: 'errorCode.20005',
    message: 'The amount is more than your available balance.',
  }),
  msg({
    id: 'errorCode.30003',
    message: 'Subscriptions for this project are not open.',
  }),
  msg({
    id: 'errorCode.30004',
    message: 'The amount is outside the subscription limits.',
  }),
  msg({
    id: 'errorCode.40002',
    message: 'The amount is below the product minimum.',
  }),
  msg({
    id: 'errorCode.40003',
    message: 'The amount is more than the remaining quota.',
  }),
  msg({
    id: 'errorCode.40004',
    message:
      'This savings position was not found. It may have been redeemed already.',
  }),
  msg({
    id: 'errorCode.40005',
    message: 'Fixed-term savings can be redeemed only when they mature.',
  }),
  msg({
    id: 'errorCode.40006',
    message: 'The amount is more than this savings position holds.',
  }),
] as const;
