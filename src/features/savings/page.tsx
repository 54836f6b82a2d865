import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { PageIntro } from '../../components/page-intro.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { COINS, isCoin } from '../../lib/config/index.ts';
import { formatDecimal, formatPercent } from '../../lib/format/index.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { SubscribeButton } from '../../shell/subscribe-button.client.tsx';
import { getSavingsProducts, type SavingsProduct } from './api.ts';

const Products = ({
  products,
  locale,
  coin,
}: {
  products: SavingsProduct[];
  locale: Locale;
  coin: string;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const rows = products.filter((p) => !coin || p.coin === coin);
  return (
    <>
      <nav aria-label={t`Filter by coin`} className="chips">
        <a href="?" aria-current={coin ? undefined : 'page'}>
          {t`All coins`}
        </a>
        {COINS.map((c) => (
          <a
            key={c}
            href={`?coin=${c}`}
            aria-current={coin === c ? 'page' : undefined}
          >
            {c}
          </a>
        ))}
      </nav>
      <TableWrap label={t`Savings products`}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t`Coin`}</th>
              <th scope="col">{t`Product`}</th>
              <th scope="col">{t`Annual rate (APR)`}</th>
              <th scope="col">{t`Term`}</th>
              <th scope="col">{t`Minimum`}</th>
              <th scope="col">{t`Quota left`}</th>
              <th scope="col" className="cell-action">
                <span className="visually-hidden">{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const days = p.termDays;
              const coinName = p.coin;
              const name =
                p.kind === 'flexible'
                  ? t`${coinName} flexible savings`
                  : t`${coinName} ${days}-day fixed savings`;
              return (
                <tr key={p.id}>
                  <th scope="row">{p.coin}</th>
                  <td>{p.kind === 'flexible' ? t`Flexible` : t`Fixed term`}</td>
                  <td className="up">{formatPercent(p.apr, intl)}</td>
                  <td>
                    {p.kind === 'flexible'
                      ? t`Redeem any time`
                      : t`${plural(days, { one: '# day', other: '# days' })}`}
                  </td>
                  <td>{`${formatDecimal(p.minimum, intl)} ${p.coin}`}</td>
                  <td>{`${formatDecimal(p.quotaLeft, intl)} ${p.coin}`}</td>
                  <td className="cell-action">
                    {isCoin(p.coin) ? (
                      <SubscribeButton
                        order={{
                          kind: 'savings',
                          target: p.id,
                          name,
                          coin: p.coin,
                          account: 'ACCOUNT_TYPE_FUND',
                          min: p.minimum,
                          max: p.quotaLeft,
                        }}
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      <section className="section" aria-labelledby="how">
        <h2 id="how">{t`How savings work`}</h2>
        <ol>
          <li>{t`Transfer coins to your funding account.`}</li>
          <li>{t`Choose a product and the amount to subscribe.`}</li>
          <li>{t`Interest accrues daily from the next day and is paid to your funding account.`}</li>
          <li>{t`Flexible products can be redeemed at any time; fixed-term products return your coins with interest at maturity.`}</li>
        </ol>
        <p className="muted small">{t`Rates are annualised and may change for flexible products. Past rates do not guarantee future returns.`}</p>
      </section>
    </>
  );
};

export default async function SavingsPage({ locale, search }: PageProps) {
  // essential data: without it the page answers 503 + Retry-After, never a blank 200
  const products = await essential(() => getSavingsProducts(locale));
  const coin = search?.get('coin') ?? '';
  return (
    <>
      <PageIntro routeId="savings" />
      <Products
        products={products}
        locale={locale}
        coin={(COINS as readonly string[]).includes(coin) ? coin : ''}
      />
    </>
  );
}
