import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * A link to another site of the exchange or elsewhere (help centre, market site, a social
 * channel): its text says where it goes, a screen reader also hears that it leaves this site,
 * and an arrow shows it. Server-rendered: no script.
 */
export const ExternalLink = ({
  href,
  children,
  className,
  track,
}: {
  href: string;
  children: ReactNode;
  className?: string | undefined;
  /** An analytics Click marker (spec §3 button types): `link:footer-terms`. */
  track?: string | undefined;
}) => {
  const { t } = useLingui();
  return (
    <a href={href} className={className} data-external="" data-track={track}>
      {children}
      <span className="visually-hidden"> {t`(another site)`}</span>
      <svg
        className="external-mark"
        width="10"
        height="10"
        viewBox="0 0 10 10"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M3.5 1.5h5v5M8.5 1.5 2 8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinecap="round"
        />
      </svg>
    </a>
  );
};
