import { useLingui } from '@lingui/react/macro';

import { Amount } from '../../components/amount.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { displayDecimals } from '../../lib/config/vocabulary.ts';
import { formatPercent } from '../../lib/format/index.ts';
import type { Estimate } from './estimate.ts';
import { SAVINGS_LABELS } from './labels.client.ts';

/**
 * An estimate's figures: daily interest, interest over the term (in the coin's display
 * precision), the effective annual rate.
 * The server renders it for the page's example; the calculator renders it for what the
 * visitor typed (a live region there, so a screen reader hears the new figures).
 */
export const EstimateResult = ({
  estimate,
  coin,
  locale,
}: {
  estimate: Estimate;
  coin: string;
  locale: Locale;
}) => {
  const { i18n } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  // interest is shown in the coin's display precision ('0.79 USDT', not '0.79452054 USDT'),
  // truncated like every amount: an estimate is never overstated
  const places = displayDecimals(coin);
  const amount = (value: string) => (
    <Amount value={value} coin={coin} locale={intl} maxDecimals={places} />
  );
  return (
    <dl className="estimate-result">
      <div>
        <dt>{i18n._(SAVINGS_LABELS.daily)}</dt>
        <dd>{amount(estimate.daily)}</dd>
      </div>
      <div>
        <dt>{i18n._(SAVINGS_LABELS.total)}</dt>
        <dd>{amount(estimate.total)}</dd>
      </div>
      <div>
        <dt>{i18n._(SAVINGS_LABELS.blended)}</dt>
        <dd className="num">{formatPercent(estimate.blendedApr, intl)}</dd>
      </div>
    </dl>
  );
};
