import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { ColumnHeaders } from '../../components/column-headers.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { formatDecimal } from '../../lib/format/index.ts';
import { essential } from '../../lib/page-status.ts';
import type { PageProps } from '../../lib/page.ts';
import { getTaxDocs, type TaxDocs } from './api.ts';

const ENDPOINTS: Record<string, ReturnType<typeof msg>> = {
  trades: msg`Trade history: every spot and derivatives fill with its fee.`,
  deposits: msg`Deposit history per coin and network.`,
  withdrawals: msg`Withdrawal history with network fees.`,
  transfers: msg`Transfers between your accounts.`,
};
const FIELDS: Record<string, ReturnType<typeof msg>> = {
  'start-time': msg`Start of the period, Unix time in milliseconds.`,
  'end-time': msg`End of the period, Unix time in milliseconds.`,
  cursor: msg`Cursor from the previous page's nextCursor.`,
  limit: msg`Items per page, 1 to 100 (default 50).`,
  symbol: msg`Trading pair, e.g. BTCUSDT.`,
  coin: msg`Coin ticker, e.g. USDT.`,
  'trade-id': msg`Unique id of the fill.`,
  side: msg`buy or sell.`,
  price: msg`Fill price as a decimal string.`,
  qty: msg`Filled quantity as a decimal string.`,
  fee: msg`Fee charged, as a decimal string.`,
  'fee-coin': msg`Coin the fee was charged in.`,
  time: msg`Time of the event, Unix time in milliseconds.`,
  'tx-id': msg`On-chain transaction id.`,
  amount: msg`Amount as a decimal string.`,
  network: msg`Blockchain network used.`,
  'transfer-id': msg`Unique id of the transfer.`,
  'from-account': msg`Source account type.`,
  'to-account': msg`Destination account type.`,
};

const FieldTable = ({
  caption,
  rows,
}: {
  caption: string;
  rows: TaxDocs['endpoints'][number]['fields'];
}) => {
  const { t, i18n } = useLingui();
  return (
    <TableWrap serverOnly label={caption}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeaders
          columns={[
            // lingui-set comment="Column header (a narrow place): at most 28 characters"
            t`Name`,
            t`Type`,
            t`Required`,
            t`Description`,
            // lingui-reset
          ]}
        />
        <tbody>
          {rows.map((f) => {
            const d = FIELDS[f.description];
            return (
              <tr key={f.name}>
                <th scope="row" className="mono">
                  {f.name}
                </th>
                <td className="mono">{f.type}</td>
                <td>{f.required ? t`Yes` : t`No`}</td>
                <td className="wrap">{d ? i18n._(d) : f.description}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
};

const Docs = ({ docs, locale }: { docs: TaxDocs; locale: Locale }) => {
  const { t, i18n } = useLingui();
  const limit = formatDecimal(
    String(docs.rateLimitPerMinute),
    getLocaleEntry(locale).intl,
  );
  return (
    <>
      <section className="section card" aria-labelledby="basics">
        <h2 id="basics">{t`Getting started`}</h2>
        <dl className="facts">
          <div>
            <dt>{t`Base URL`}</dt>
            <dd className="mono">{docs.baseUrl}</dd>
          </div>
          <div>
            <dt>{t`Authentication`}</dt>
            <dd>{t`Read-only API key, requests signed with HMAC-SHA256`}</dd>
          </div>
          <div>
            <dt>{t`Rate limit`}</dt>
            <dd>{t`${limit} requests per minute`}</dd>
          </div>
        </dl>
        <p className="muted small">{t`Create a read-only API key in your account settings. Tax software never needs trading or withdrawal permissions.`}</p>
      </section>
      {docs.endpoints.map((e) => {
        const summary = ENDPOINTS[e.id];
        return (
          <section
            key={e.id}
            className="section"
            aria-labelledby={`ep-${e.id}`}
          >
            <h2 id={`ep-${e.id}`} className="mono">
              {e.method} {e.path}
            </h2>
            <p>{summary ? i18n._(summary) : e.id}</p>
            <h3>{t`Query parameters`}</h3>
            <FieldTable
              caption={`${t`Query parameters`}: ${e.path}`}
              rows={e.parameters}
            />
            <h3>{t`Response fields`}</h3>
            <FieldTable
              caption={`${t`Response fields`}: ${e.path}`}
              rows={e.fields}
            />
            <h3>{t`Example`}</h3>
            <pre
              className="code"
              role="region"
              tabIndex={0}
              aria-label={`${t`Example request`}: ${e.path}`}
            >
              <code>{e.exampleRequest}</code>
            </pre>
            <pre
              className="code"
              role="region"
              tabIndex={0}
              aria-label={`${t`Example response`}: ${e.path}`}
            >
              <code>{JSON.stringify(e.exampleResponse, null, 2)}</code>
            </pre>
          </section>
        );
      })}
    </>
  );
};

export default async function TaxApiPage({ locale }: PageProps) {
  const docs = await essential(() => getTaxDocs(locale));
  return (
    <>
      <PageIntro routeId="tax-api" />
      <Docs docs={docs} locale={locale} />
    </>
  );
}
