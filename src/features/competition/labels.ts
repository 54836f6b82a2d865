import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The competition's phases by their API name: the schedule's and the JSON-LD events' names. */
export const PHASES: Record<string, MessageDescriptor> = {
  registration: msg`Registration`,
  trading: msg`Trading`,
  review: msg`Result review`,
  rewards: msg`Rewards paid`,
};
