import { useLingui } from '@lingui/react/macro';

import { DataNotice } from '../../components/data-notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { load } from '../../lib/http/index.ts';
import type { PageProps } from '../../lib/page.ts';
import {
  VERIFY_KINDS,
  verifyChannel,
  type VerifyKind,
  type VerifyResult,
} from './api.ts';

const VerifyForm = ({ kind, value }: { kind: VerifyKind; value: string }) => {
  const { t } = useLingui();
  const labels = {
    url: t`Website`,
    email: t`Email address`,
    telegram: t`Telegram account`,
    x: t`X (Twitter) account`,
  };
  return (
    <form
      method="get"
      className="card verify-form"
      aria-labelledby="verify-title"
    >
      <h2 id="verify-title">{t`Check a channel`}</h2>
      <fieldset>
        <legend>{t`What do you want to check?`}</legend>
        {VERIFY_KINDS.map((k) => (
          <label key={k} className="radio">
            <input
              type="radio"
              name="kind"
              value={k}
              defaultChecked={k === kind}
            />{' '}
            {labels[k]}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t`Link, address or handle`}</span>
        <input
          name="value"
          defaultValue={value}
          required
          maxLength={256}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <button type="submit" className="button button-primary">
        {t`Verify`}
      </button>
    </form>
  );
};

const Result = ({ result }: { result: VerifyResult }) => {
  const { t } = useLingui();
  const value = result.value;
  if ('invalid' in result) {
    return (
      <p className="result result-invalid" role="status">
        {t`Enter a website, email address or account handle to check.`}
      </p>
    );
  }
  return result.official ? (
    <div className="result result-official" role="status">
      <strong>{t`Official`}</strong>
      <p>{t`${value} is an official channel of ours.`}</p>
    </div>
  ) : (
    <div className="result result-unofficial" role="alert">
      <strong>{t`Not an official channel`}</strong>
      <p>{t`${value} does not belong to us. Do not send it money, passwords or verification codes, and report it to our support.`}</p>
    </div>
  );
};

export default async function OfficialVerifyPage({
  locale,
  search,
}: PageProps) {
  const rawKind = search?.get('kind') ?? 'url';
  const kind: VerifyKind = (VERIFY_KINDS as readonly string[]).includes(rawKind)
    ? (rawKind as VerifyKind)
    : 'url';
  const value = (search?.get('value') ?? '').slice(0, 256);
  const checked = value.trim()
    ? await load<VerifyResult | undefined>(
        () => verifyChannel(kind, value, locale),
        undefined,
      )
    : undefined;
  return (
    <>
      <PageIntro routeId="official-verify" />
      <VerifyForm kind={kind} value={value} />
      {checked?.state === 'error' ? <DataNotice /> : null}
      {checked?.data ? <Result result={checked.data} /> : null}
    </>
  );
}
