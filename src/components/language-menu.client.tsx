'use client';

import { stringifySetCookie } from 'cookie';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useRouter } from 'waku';

export type LanguageChoice = {
  readonly code: string;
  readonly label: string;
  readonly hreflang: string;
  readonly href: string;
};

const LOCALE_COOKIE = 'i18n_redirected';
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Written only when a person switches language, never by page responses (pages stay cacheable). */
const rememberLocale = (code: string) => {
  document.cookie = stringifySetCookie({
    name: LOCALE_COOKIE,
    value: code,
    maxAge: LOCALE_COOKIE_MAX_AGE,
    path: '/',
    sameSite: 'lax',
  });
  try {
    localStorage.setItem(LOCALE_COOKIE, code);
  } catch {
    // storage may be disabled; the cookie is enough
  }
};

/**
 * The language menu: keeps the current page, switches it to another locale with the client
 * router (no full reload). Labels arrive translated from the server.
 */
export const LanguageMenu = ({
  current,
  choices,
  label,
}: {
  current: LanguageChoice;
  choices: readonly LanguageChoice[];
  label: string;
}) => {
  const router = useRouter();
  return (
    <MenuTrigger>
      <Button className="zmx-pv-lang-button" aria-label={label}>
        <span aria-hidden="true">🌐</span> {current.label}
      </Button>
      <Popover className="zmx-pv-popover" placement="bottom end">
        <Menu
          className="zmx-pv-menu"
          aria-label={label}
          selectionMode="single"
          selectedKeys={[current.code]}
          onAction={(key) => {
            const choice = choices.find((c) => c.code === key);
            if (!choice) return;
            rememberLocale(choice.code);
            void router.push(choice.href as never);
          }}
        >
          {choices.map((choice) => (
            <MenuItem
              key={choice.code}
              id={choice.code}
              className="zmx-pv-menu-item"
              textValue={choice.label}
            >
              <span lang={choice.hreflang}>{choice.label}</span>
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
};
