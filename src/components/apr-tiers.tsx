import { useLingui } from '@lingui/react/macro';

import { formatAmount, formatPercent } from '../lib/format/index.ts';
import { aboveLabel, bandLabel, upToLabel } from './apr-tiers-labels.client.ts';

/** One band: `apr` applies to the part of the amount up to `upTo` (null: no upper limit). */
export type AprTier = { readonly upTo: string | null; readonly apr: string };

/**
 * A product's rate bands: "Up to 1,000 USDT · 8.00%", "Above 1,000 USDT · 3.00%" (one band:
 * the rate alone). Rendered by the server in the savings table, in the browser by the savings
 * calculator and the subscribe dialog.
 */
export const AprTiers = ({
  tiers,
  coin,
  intl,
}: {
  tiers: readonly AprTier[];
  coin: string;
  /** The Intl locale amounts and rates are formatted in. */
  intl: string;
}) => {
  const { i18n } = useLingui();
  if (tiers.length < 2) {
    const only = tiers[0];
    return only ? (
      <span className="num">{formatPercent(only.apr, intl)}</span>
    ) : null;
  }
  return (
    <ul className="apr-tiers">
      {tiers.map((tier, index) => {
        const below = tiers[index - 1]?.upTo;
        const from = formatAmount(below ?? '0', coin, intl);
        const band =
          tier.upTo === null
            ? i18n._(aboveLabel(from))
            : below
              ? i18n._(bandLabel(from, formatAmount(tier.upTo, coin, intl)))
              : i18n._(upToLabel(formatAmount(tier.upTo, coin, intl)));
        return (
          <li key={tier.upTo ?? 'rest'}>
            <span className="apr-tier-band">{band}</span>{' '}
            <span className="num apr-tier-rate">
              {formatPercent(tier.apr, intl)}
            </span>
          </li>
        );
      })}
    </ul>
  );
};
