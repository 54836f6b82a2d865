import { useLingui } from '@lingui/react/macro';

/** Shown instead of a failing region when live data could not be loaded (spec §4: defaults). */
export const DataNotice = () => {
  const { t } = useLingui();
  return (
    <p className="data-notice" role="status">
      {t`Live data is temporarily unavailable. What you see may be incomplete; please try again in a moment.`}
    </p>
  );
};
