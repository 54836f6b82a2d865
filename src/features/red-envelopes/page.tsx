import { useLingui } from '@lingui/react/macro';

import { DataNotice } from '../../components/data-notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { formatDateTime, formatDecimal } from '../../lib/format/index.ts';
import { load } from '../../lib/http/index.ts';
import { getLocaleEntry, type Locale } from '../../lib/locales.ts';
import type { PageProps } from '../../lib/page.ts';
import { getEnvelope, type Envelope } from './api.ts';
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
  const amount = `${formatDecimal(envelope.amount, intl)} ${envelope.coin}`;
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
      <p className="big-number">{amount}</p>
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

export default async function RedEnvelopesPage({ locale, search }: PageProps) {
  const code = (search?.get('code') ?? '').trim().slice(0, 32);
  const wellFormed = CODE.test(code);
  const found = wellFormed
    ? await load<Envelope | undefined>(
        () => getEnvelope(code, locale),
        undefined,
      )
    : undefined;
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
    </>
  );
}
