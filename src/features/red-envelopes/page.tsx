import { useLingui } from '@lingui/react/macro';

import { CoinAmount } from '../../components/coin-amount.tsx';
import { DataNotice } from '../../components/data-notice.tsx';
import { FaqList } from '../../components/faq.tsx';
import { CoinIcon } from '../../components/markets/markets-table.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { StaticHtml } from '../../components/static-html.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { formatDateTime, formatDecimal } from '../../lib/format/index.ts';
import { load } from '../../lib/http/index.ts';
import type { PageProps } from '../../lib/page.ts';
import { imagesBase } from '../../lib/server/images.ts';
import {
  getEnvelope,
  getEnvelopeRules,
  type Envelope,
  type EnvelopeRules,
} from './api.ts';
import { ReceiveButton } from './receive-button.client.tsx';

const CODE = /^[A-Za-z0-9]{4,32}$/;

const EnvelopeCard = ({
  envelope,
  locale,
}: {
  envelope: Envelope;
  locale: Locale;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  const sender = envelope.sender;
  const state = {
    valid: t`Ready to open`,
    received: t`Already received`,
    expired: t`Expired`,
    exhausted: t`All claimed`,
  }[envelope.state];
  return (
    <section className="card envelope" aria-labelledby="envelope-title">
      <p
        className={`badge badge-${envelope.state === 'valid' ? 'ongoing' : 'ended'}`}
      >
        {state}
      </p>
      <h2 id="envelope-title">{t`A red envelope from ${sender}`}</h2>
      <p className="big-number">
        <CoinAmount
          value={envelope.amount}
          coin={envelope.coin}
          locale={intl}
        />
      </p>
      <p className="muted small">{t`Valid until ${formatDateTime(envelope.expiresAt, intl)}`}</p>
      {envelope.state === 'valid' ? (
        <ReceiveButton code={envelope.code} lang={locale} />
      ) : null}
      {envelope.state === 'expired' ? (
        <p>{t`This red envelope has expired and can no longer be opened.`}</p>
      ) : null}
      {envelope.state === 'exhausted' ? (
        <p>{t`Everything in this red envelope has already been claimed.`}</p>
      ) : null}
      {envelope.state === 'received' ? (
        <p>{t`You have already received this red envelope.`}</p>
      ) : null}
    </section>
  );
};

const CodeForm = ({ code, invalid }: { code: string; invalid: boolean }) => {
  const { t } = useLingui();
  return (
    <form method="get" className="card form-card" aria-labelledby="code-title">
      <h2 id="code-title">{t`Open a red envelope`}</h2>
      <label className="field">
        <span>{t`Red envelope code`}</span>
        <input
          name="code"
          defaultValue={code}
          required
          minLength={4}
          maxLength={32}
          pattern="[A-Za-z0-9]{4,32}"
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'code-error' : undefined}
        />
      </label>
      {invalid ? (
        <p id="code-error" className="field-error">
          {t`No red envelope has this code. Check it and try again.`}
        </p>
      ) : null}
      <button type="submit" className="button button-primary">
        {t`Open`}
      </button>
    </form>
  );
};

/** What a red envelope is and how to receive one: the same for every visitor. */
const About = () => {
  const { t } = useLingui();
  return (
    <>
      <section className="section" aria-labelledby="what">
        <h2 id="what">{t`What is a red envelope?`}</h2>
        <p>{t`A red envelope is a gift of crypto that one trader sends to others with a code. Whoever opens it with that code receives the coins straight into their funding account, free of fees.`}</p>
        <p>{t`Red envelopes are how friends share a bonus, and how we hand out rewards during campaigns and holidays. The code is all you need: no address or network to choose.`}</p>
      </section>
      <section className="section" aria-labelledby="how">
        <h2 id="how">{t`How to receive a red envelope`}</h2>
        <ol className="steps">
          <li>{t`Get a code from a friend, or from our campaigns and social channels.`}</li>
          <li>{t`Enter the code above and press Open to see the envelope.`}</li>
          <li>{t`Log in, or sign up in a minute if you have no account yet.`}</li>
          <li>{t`Press Receive: the coins are in your funding account at once.`}</li>
        </ol>
      </section>
    </>
  );
};

const Rules = ({ rules, intl }: { rules: EnvelopeRules; intl: string }) => {
  const { t } = useLingui();
  const days = formatDecimal(String(rules.maxValidityDays), intl);
  const perDay = formatDecimal(String(rules.receivesPerDay), intl);
  const base = imagesBase();
  return (
    <section className="section" aria-labelledby="envelope-rules">
      <h2 id="envelope-rules">{t`Rules`}</h2>
      <ul className="rules">
        <li>{t`Any logged-in account can receive a red envelope, except the account that sent it.`}</li>
        <li>{t`Each account can receive a given red envelope once.`}</li>
        <li>{t`An account can receive up to ${perDay} red envelopes a day (UTC).`}</li>
        <li>{t`A red envelope stays open for at most ${days} days. What nobody has claimed by then goes back to the sender.`}</li>
        <li>{t`Once everything in a red envelope has been claimed, it can no longer be opened.`}</li>
        <li>{t`Accounts that abuse red envelopes (many accounts for one person, automated claiming) lose what they received.`}</li>
      </ul>
      <p>{t`Red envelopes are sent in these coins:`}</p>
      <ul className="chips coin-list">
        {rules.coins.map((coin) => (
          <li key={coin} className="coin-amount">
            <CoinIcon base={base} coin={coin} />
            {coin}
          </li>
        ))}
      </ul>
    </section>
  );
};

const Faq = () => {
  const { t } = useLingui();
  const items = [
    [
      t`Where do the coins go?`,
      t`Into your funding account. From there you can transfer them to your spot or futures account, or withdraw them.`,
    ],
    [
      t`Why can't I open a red envelope?`,
      t`The code may be mistyped (codes are 4 to 32 letters and digits), the envelope may have expired or been fully claimed, or you may have received it already.`,
    ],
    [
      t`Is there a fee to receive a red envelope?`,
      t`No. Receiving is free, and you receive the full amount shown.`,
    ],
    [
      t`How do I send a red envelope?`,
      t`In the app, choose the coin, the amount and how many people may claim it, then share the code it gives you.`,
    ],
  ] as const;
  return (
    <section className="section" aria-labelledby="envelope-faq">
      <h2 id="envelope-faq">{t`Frequently asked questions`}</h2>
      <FaqList items={items} />
    </section>
  );
};

export default async function RedEnvelopesPage({ locale, search }: PageProps) {
  const code = (search?.get('code') ?? '').trim().slice(0, 32);
  const wellFormed = CODE.test(code);
  const found = wellFormed
    ? await load<Envelope | undefined>(
        () => getEnvelope(code, locale),
        undefined,
      )
    : undefined;
  const rules = await load<EnvelopeRules | undefined>(
    () => getEnvelopeRules(locale),
    undefined,
  );
  const intl = getLocaleEntry(locale).intl;
  return (
    <>
      <PageIntro routeId="red-envelopes" />
      <CodeForm
        code={code}
        invalid={
          Boolean(code) &&
          (!wellFormed || (found?.state === 'success' && !found.data))
        }
      />
      {found?.state === 'error' ? <DataNotice /> : null}
      {found?.data ? (
        <EnvelopeCard envelope={found.data} locale={locale} />
      ) : null}
      <StaticHtml as="div">
        <About />
        {rules.data ? <Rules rules={rules.data} intl={intl} /> : null}
        <Faq />
      </StaticHtml>
      {rules.state === 'error' ? <DataNotice /> : null}
    </>
  );
}
