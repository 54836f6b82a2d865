import { useLingui } from '@lingui/react/macro';

import { DataNotice } from '../../components/data-notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { load } from '../../lib/http/index.ts';
import type { PageProps } from '../../lib/page.ts';
import { getStatus, type TicketStatus } from './api.ts';
import { UnbindForm } from './unbind-form.client.tsx';

const StatusCheck = ({
  ticket,
  status,
  locale,
  looked,
  failed,
}: {
  ticket: string;
  status: TicketStatus | undefined;
  locale: Locale;
  looked: boolean;
  /** The status could not be read (the API failed): say so, never "no such request". */
  failed: boolean;
}) => {
  const { t } = useLingui();
  const text = status
    ? {
        pending: t`Under review`,
        approved: t`Approved: the authenticator has been unbound. Log in and set up a new one.`,
        rejected: t`Rejected: we could not confirm the request. Contact support with your request number.`,
      }[status.status]
    : undefined;
  return (
    <section className="section" aria-labelledby="status-title">
      <form method="get" className="card form-card">
        <h2 id="status-title">{t`Check a request`}</h2>
        <label className="field">
          <span>{t`Request number`}</span>
          <input
            name="ticket"
            defaultValue={ticket}
            required
            maxLength={32}
            autoComplete="off"
          />
        </label>
        <button type="submit" className="button">
          {t`Check`}
        </button>
      </form>
      {failed ? <DataNotice /> : null}
      {looked && !failed && !status ? (
        <p className="result result-invalid" role="status">
          {t`No request has this number.`}
        </p>
      ) : null}
      {status && text ? (
        <div
          className={`result ${status.status === 'rejected' ? 'result-unofficial' : 'result-official'}`}
          role="status"
        >
          <strong>{text}</strong>
          <p className="muted small">{t`Submitted ${formatDateTime(status.createdAt, getLocaleEntry(locale).intl)}`}</p>
        </div>
      ) : null}
    </section>
  );
};

export default async function UnbindGoogle2faPage({
  locale,
  search,
}: PageProps) {
  const ticket = (search?.get('ticket') ?? '').trim().slice(0, 32);
  const valid = /^UB[0-9A-F]{10}$/.test(ticket);
  const status = valid
    ? await load<TicketStatus | undefined>(
        () => getStatus(ticket, locale),
        undefined,
      )
    : undefined;
  return (
    <>
      <PageIntro routeId="unbind-google2fa" />
      <UnbindForm lang={locale} />
      <StatusCheck
        ticket={ticket}
        status={status?.data}
        locale={locale}
        looked={Boolean(ticket)}
        failed={status?.state === 'error'}
      />
    </>
  );
}
