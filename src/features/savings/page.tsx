import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { Amount } from '../../components/amount.tsx';
import { AprTiers } from '../../components/apr-tiers.tsx';
import { DirectionMark } from '../../components/direction-mark.tsx';
import { CoinIcon } from '../../components/markets/markets-table.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { Section } from '../../components/section.tsx';
import { SubscribeButton } from '../../components/subscribe-button.client.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import type { SubscribeOrder } from '../../lib/client/kernel.ts';
import { COINS, isCoin } from '../../lib/config/index.ts';
import { formatDecimal } from '../../lib/format/decimal.ts';
import { formatAmount } from '../../lib/format/index.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import type { PageProps } from '../../lib/page.ts';
import { imagesBase } from '../../lib/server/images.ts';
import { sectionData } from '../../lib/server/section-data.ts';
import { getSavingsProducts, type SavingsProduct } from './api.ts';
import { EstimateResult } from './estimate-result.tsx';
import { estimateInterest } from './estimate.ts';
import {
  ESTIMATE_ISLAND,
  MY_SAVINGS_ISLAND,
  type EstimateIslandProps,
} from './island.ts';
import { exampleLabel, SAVINGS_LABELS } from './labels.client.ts';
import {
  nextSort,
  parseSort,
  sortParam,
  sortProducts,
  type SortColumn,
  type SortOrder,
} from './sort.ts';

/** The example the page shows without JavaScript: enough to reach past the first rate band. */
const EXAMPLE_AMOUNT = '5000';
const EXAMPLE_DAYS = 30;

type Query = { coin: string; sort: SortOrder | undefined };

/** What each section of the page is rendered from. */
type SectionProps = { products: SavingsProduct[]; locale: Locale };

/** The page's own address with this filter and order ('?' alone: neither). */
const queryOf = ({ coin, sort }: Query): string => {
  const params = new URLSearchParams();
  if (coin) params.set('coin', coin);
  if (sort) params.set('sort', sortParam(sort));
  const text = params.toString();
  return text ? `?${text}` : '?';
};

/** The name the page gives a product ("USDT flexible savings", "BTC 90-day fixed savings"). */
const useProductName = () => {
  const { t } = useLingui();
  return (p: SavingsProduct): string => {
    const days = p.termDays;
    const coinName = p.coin;
    return p.kind === 'flexible'
      ? t`${coinName} flexible savings`
      : t`${coinName} ${days}-day fixed savings`;
  };
};

/** A column header that sorts the table: a link to the page in that order, its state in aria-sort. */
const SortHeader = ({
  column,
  label,
  query,
  className,
}: {
  column: SortColumn;
  label: string;
  query: Query;
  className?: string;
}) => {
  const current = query.sort?.column === column ? query.sort : undefined;
  const next = nextSort(query.sort, column);
  return (
    <th
      scope="col"
      className={className}
      aria-sort={
        current
          ? current.direction === 'asc'
            ? 'ascending'
            : 'descending'
          : undefined
      }
    >
      <a
        className="sort-link"
        href={queryOf({ ...query, sort: next })}
        data-sort={column}
      >
        {label}
        <span className="sort-mark">
          <DirectionMark
            direction={
              current ? (current.direction === 'asc' ? 'up' : 'down') : 'both'
            }
          />
        </span>
      </a>
    </th>
  );
};

const Products = ({
  products,
  locale,
  query,
}: SectionProps & { query: Query }) => {
  const { t } = useLingui();
  const nameOf = useProductName();
  const intl = getLocaleEntry(locale).intl;
  const iconBase = imagesBase();
  const rows = sortProducts(
    products.filter((p) => !query.coin || p.coin === query.coin),
    query.sort,
  );
  return (
    <>
      <nav aria-label={t`Filter by coin`} className="chips">
        <a
          href={queryOf({ ...query, coin: '' })}
          aria-current={query.coin ? undefined : 'page'}
        >
          {t`All coins`}
        </a>
        {COINS.map((c) => (
          <a
            key={c}
            href={queryOf({ ...query, coin: c })}
            aria-current={query.coin === c ? 'page' : undefined}
          >
            {c}
          </a>
        ))}
      </nav>
      <TableWrap label={t`Savings products`}>
        <table className="savings-table">
          <thead>
            <tr>
              <SortHeader
                column="coin"
                label={t({
                  message: 'Coin',
                  comment:
                    'Column header (a narrow place): at most 28 characters',
                })}
                query={query}
              />
              <th scope="col">
                {t({
                  message: `Product`,
                  comment:
                    'Column header (a narrow place): at most 28 characters',
                })}
              </th>
              <SortHeader
                column="apr"
                label={t({
                  message: 'Annual rate (APR)',
                  comment:
                    'Column header (a narrow place): at most 28 characters',
                })}
                query={query}
              />
              <SortHeader
                column="term"
                label={t({
                  message: 'Term',
                  comment:
                    'Column header (a narrow place): at most 28 characters',
                })}
                query={query}
              />
              <th scope="col">
                {t({
                  message: `Minimum`,
                  comment:
                    'Column header (a narrow place): at most 28 characters',
                })}
              </th>
              <SortHeader
                column="quota"
                label={t({
                  message: 'Quota left',
                  comment:
                    'Column header (a narrow place): at most 28 characters',
                })}
                query={query}
              />
              <th scope="col" className="cell-action">
                <span className="visually-hidden">{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const days = p.termDays;
              const order: SubscribeOrder | undefined = isCoin(p.coin)
                ? {
                    kind: 'savings',
                    target: p.id,
                    name: nameOf(p),
                    coin: p.coin,
                    account: 'ACCOUNT_TYPE_FUND',
                    min: p.minimum,
                    max: p.quotaLeft,
                    rates: p.tiers,
                  }
                : undefined;
              return (
                <tr key={p.id} data-product={p.id}>
                  <th scope="row">
                    <span className="coin-cell">
                      <CoinIcon base={iconBase} coin={p.coin} />
                      {p.coin}
                    </span>
                    {order ? (
                      <span className="row-action">
                        <SubscribeButton order={order} inRowHeader />
                      </span>
                    ) : null}
                  </th>
                  <td>{p.kind === 'flexible' ? t`Flexible` : t`Fixed term`}</td>
                  <td className="up">
                    <AprTiers tiers={p.tiers} coin={p.coin} intl={intl} />
                  </td>
                  <td>
                    {p.kind === 'flexible'
                      ? t`Redeem any time`
                      : t`${plural(days, { one: '# day', other: '# days' })}`}
                  </td>
                  <td>
                    <Amount value={p.minimum} coin={p.coin} locale={intl} />
                  </td>
                  <td>
                    <Amount value={p.quotaLeft} coin={p.coin} locale={intl} />
                  </td>
                  <td className="cell-action">
                    {order ? <SubscribeButton order={order} /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
};

/**
 * The calculator's fields as the server draws them for the worked example: the same layout as
 * the calculator island (so nothing moves when it takes over), disabled until it does — without
 * JavaScript they show the example's product, amount and term.
 */
const StaticFields = ({
  product,
  name,
  amount,
  days,
}: {
  product: SavingsProduct;
  name: string;
  amount: string;
  days: number;
}) => {
  const { t, i18n } = useLingui();
  const coin = product.coin;
  return (
    <div className="estimate-fields">
      <div className="zmx-pv-select">
        <label htmlFor="estimate-example-product">
          {i18n._(SAVINGS_LABELS.product)}
        </label>
        <select
          id="estimate-example-product"
          className="zmx-pv-select-button"
          disabled
        >
          <option>{name}</option>
        </select>
      </div>
      <div className="zmx-pv-field">
        <label htmlFor="estimate-example-amount">{t`Amount (${coin})`}</label>
        <input
          id="estimate-example-amount"
          inputMode="decimal"
          defaultValue={amount}
          disabled
        />
      </div>
      <div className="zmx-pv-field">
        <label htmlFor="estimate-example-days">
          {i18n._(SAVINGS_LABELS.term)}
        </label>
        <div className="estimate-days">
          <input
            id="estimate-example-days"
            inputMode="numeric"
            defaultValue={String(days)}
            disabled
          />
        </div>
        {product.kind === 'fixed' ? (
          <span className="zmx-pv-field-hint">
            {i18n._(SAVINGS_LABELS.fixedTerm)}
          </span>
        ) : null}
      </div>
    </div>
  );
};

/**
 * The earnings estimate: the server renders a worked example in the calculator's layout (the
 * page without JavaScript shows it); the calculator island, loaded with the widgets when the
 * section comes into sight, takes its place.
 */
const EstimateSection = ({ products, locale }: SectionProps) => {
  const { i18n } = useLingui();
  const nameOf = useProductName();
  const intl = getLocaleEntry(locale).intl;
  const example = products[0];
  if (!example) return null;
  const days = example.kind === 'fixed' ? example.termDays : EXAMPLE_DAYS;
  const estimate = estimateInterest(EXAMPLE_AMOUNT, example.tiers, days);
  const island: EstimateIslandProps = {
    locale,
    products: products.map((p) => ({
      id: p.id,
      name: nameOf(p),
      coin: p.coin,
      termDays: p.termDays,
      tiers: p.tiers,
    })),
    example: { productId: example.id, amount: EXAMPLE_AMOUNT, days },
  };
  return (
    <section
      className="section savings-estimate"
      aria-labelledby="estimate"
      {...ESTIMATE_ISLAND.mark(island)}
    >
      <h2 id="estimate">{i18n._(SAVINGS_LABELS.estimateTitle)}</h2>
      <p className="muted small">{i18n._(SAVINGS_LABELS.termHint)}</p>
      <div className="savings-estimate-example estimate-example">
        <p className="visually-hidden">
          {i18n._(
            exampleLabel(
              formatAmount(EXAMPLE_AMOUNT, example.coin, intl),
              nameOf(example),
              days,
            ),
          )}
        </p>
        <StaticFields
          product={example}
          name={nameOf(example)}
          amount={formatDecimal(EXAMPLE_AMOUNT, intl)}
          days={days}
        />
        <AprTiers tiers={example.tiers} coin={example.coin} intl={intl} />
        {estimate ? (
          <div className="estimate-output">
            <EstimateResult
              estimate={estimate}
              coin={example.coin}
              locale={locale}
            />
          </div>
        ) : null}
      </div>
    </section>
  );
};

/** "My savings": a prompt for a guest in the server's HTML; the widget shows a trader's own. */
const MySavingsSection = ({ products, locale }: SectionProps) => {
  const { i18n } = useLingui();
  const nameOf = useProductName();
  const names = Object.fromEntries(products.map((p) => [p.id, nameOf(p)]));
  return (
    <section
      className="section my-savings"
      aria-labelledby="my-savings"
      {...MY_SAVINGS_ISLAND.mark({ locale, names })}
    >
      <h2 id="my-savings">{i18n._(SAVINGS_LABELS.mySavings)}</h2>
      <p className="my-savings-guest muted">
        {i18n._(SAVINGS_LABELS.loginPrompt)}
      </p>
    </section>
  );
};

const HowItWorks = () => {
  const { t } = useLingui();
  return (
    <section className="section" aria-labelledby="how">
      <h2 id="how">{t`How savings work`}</h2>
      <ol>
        <li>{t`Transfer coins to your funding account.`}</li>
        <li>{t`Choose a product and the amount to subscribe.`}</li>
        <li>{t`Interest accrues daily from the next day and is paid to your funding account.`}</li>
        <li>{t`Flexible products can be redeemed at any time; fixed-term products return your coins with interest at maturity.`}</li>
        <li>{t`Rates are tiered: each rate applies to the part of your subscription inside its band, so larger amounts earn a blended rate.`}</li>
      </ol>
      <p className="muted small">{t`Rates are annualised and may change for flexible products. Past rates do not guarantee future returns.`}</p>
    </section>
  );
};

export default function SavingsPage({ locale, search }: PageProps) {
  const coin = search?.get('coin') ?? '';
  const query: Query = {
    coin: (COINS as readonly string[]).includes(coin) ? coin : '',
    sort: parseSort(search?.get('sort')),
  };
  const products = sectionData(() => getSavingsProducts(locale));
  return (
    <>
      <PageIntro routeId="savings" />
      {/* the products, the estimate and My savings stream in when the API answers, in a box
          of their height on a wide screen (1261 px at 1280 px wide) */}
      <Section minHeight="78.8rem" data={products}>
        {(products) => (
          <>
            <Products products={products} locale={locale} query={query} />
            <EstimateSection products={products} locale={locale} />
            <MySavingsSection products={products} locale={locale} />
          </>
        )}
      </Section>
      <HowItWorks />
    </>
  );
}
