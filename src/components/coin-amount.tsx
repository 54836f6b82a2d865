import type { ComponentProps } from 'react';

import { imagesBase } from '../lib/server/images.ts';
import { Amount } from './amount.tsx';
import { CoinIcon } from './markets/markets-table.tsx';

/**
 * An amount with its coin and the coin's icon (spec §3's helper builds its address): the icon
 * is decorative, the ticker is written beside it. For server components (the icon base is the
 * request's).
 */
export const CoinAmount = (props: ComponentProps<typeof Amount>) => (
  <span className="coin-amount">
    <CoinIcon base={imagesBase()} coin={props.coin} />
    <Amount {...props} />
  </span>
);
