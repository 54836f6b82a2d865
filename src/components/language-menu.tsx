import { LanguageDisclosure } from './language-disclosure.client.tsx';
import { StaticHtml } from './static-html.tsx';

export type LanguageChoice = {
  readonly code: string;
  readonly label: string;
  readonly hreflang: string;
  readonly href: string;
  /**
   * The locale cookie to write when this language is chosen (i18n_redirected, 365 days, path /,
   * SameSite=Lax), serialized and checked on the server: no cookie code in the first JS.
   */
  readonly cookie: string;
};

/**
 * The language menu. Switching language is navigation between links, so it follows the
 * disclosure-navigation pattern (a <details> button revealing a list of links): it works
 * before hydration and without JavaScript, is announced as a button that expands, and keeps
 * focus order natural. Its markup is server HTML (`StaticHtml`); `LanguageDisclosure` adds
 * the client router, the remembered choice and closing on Escape or a click outside.
 */
export const LanguageMenu = ({
  current,
  choices,
  label,
}: {
  current: LanguageChoice;
  choices: readonly LanguageChoice[];
  label: string;
}) => (
  <LanguageDisclosure>
    <StaticHtml
      as="summary"
      className="zmx-pv-lang-button"
      aria-label={`${label}: ${current.label}`}
    >
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
      </svg>
      <span>{current.label}</span>
    </StaticHtml>
    <StaticHtml as="ul" className="zmx-pv-lang-list">
      {choices.map((choice) => (
        <li key={choice.code}>
          <a
            href={choice.href}
            lang={choice.hreflang}
            hrefLang={choice.hreflang}
            aria-current={choice.code === current.code ? 'true' : undefined}
            data-locale={choice.code}
            data-cookie={choice.cookie}
          >
            {choice.label}
          </a>
        </li>
      ))}
    </StaticHtml>
  </LanguageDisclosure>
);
