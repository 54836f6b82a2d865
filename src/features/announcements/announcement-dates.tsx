import { useLingui } from '@lingui/react/macro';

import { getLocaleEntry, type Locale } from '../../i18n/locales.ts';
import { formatDate } from '../../lib/format/index.ts';

/** When an announcement was published and when what it lists takes effect. */
export const AnnouncementDates = ({
  publishedAt,
  effectiveAt,
  locale,
}: {
  publishedAt: string;
  effectiveAt: string;
  locale: Locale;
}) => {
  const { t } = useLingui();
  const intl = getLocaleEntry(locale).intl;
  return (
    <dl className="announcement-dates">
      <div>
        <dt>{t`Published`}</dt>
        <dd>
          <time dateTime={publishedAt}>{formatDate(publishedAt, intl)}</time>
        </dd>
      </div>
      <div>
        <dt>{t`Effective from`}</dt>
        <dd>
          <time dateTime={effectiveAt}>{formatDate(effectiveAt, intl)}</time>
        </dd>
      </div>
    </dl>
  );
};
