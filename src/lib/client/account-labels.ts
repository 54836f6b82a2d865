import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { AccountType } from '../config/constants.ts';

/** The four account types of spec §3, as people call them (client catalog). */
export const ACCOUNT_LABELS: Readonly<Record<AccountType, MessageDescriptor>> =
  {
    ACCOUNT_TYPE_CONTRACT: msg({
      context: 'account type',
      message: 'Derivatives',
    }),
    ACCOUNT_TYPE_COPYTRADING: msg({
      context: 'account type',
      message: 'Copy trading',
    }),
    ACCOUNT_TYPE_FUND: msg({ context: 'account type', message: 'Funding' }),
    ACCOUNT_TYPE_SPOT: msg({ context: 'account type', message: 'Spot' }),
  };
