import { StaticHtml } from '../../components/static-html.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { routePath } from '../../routes.ts';

export const Brand = ({
  locale,
  name,
  homeLabel,
}: {
  locale: Locale;
  name: string;
  homeLabel: string;
}) => (
  <StaticHtml
    as="a"
    href={routePath(locale, 'home')}
    data-app-link=""
    className="brand"
    aria-label={homeLabel}
  >
    <svg
      width="28"
      height="28"
      viewBox="0 0 28 28"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="28" height="28" rx="8" fill="#0bd4c6" />
      <path
        d="M8 9h12l-9 10h9"
        stroke="#04201e"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
    <span>{name}</span>
  </StaticHtml>
);
