'use client';

import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
} from 'react-aria-components';

import { useClientApi } from '../../lib/client/api.ts';
import { useAccountFocus } from '../../lib/client/focus.ts';
import {
  accountFocus,
  user as currentUser,
  type UserInfo,
} from '../../lib/client/kernel.ts';
import {
  accountBalances,
  openTransfer,
  showToast,
} from '../../lib/client/store.ts';
import { logout } from './api.ts';

/**
 * The logged-in person's menu in the header (react-aria: arrow keys, Escape, screen-reader
 * roles): who is logged in, the transfer dialog, and logout. Loaded with the first session.
 * Its button takes the focus after a login from the header; after a logout Log in takes it.
 */
export const UserMenu = ({ user }: { user: UserInfo }) => {
  const { t } = useLingui();
  const api = useClientApi();
  const button = useRef<HTMLButtonElement>(null);
  useAccountFocus('menu', button);

  const signOut = async () => {
    try {
      await logout(api);
      accountFocus.set('login');
      currentUser.set(null);
      accountBalances.set(null);
      showToast({ kind: 'info', title: t`You are logged out` });
    } catch {
      // the request client's toast said why; the session stays as it was
    }
  };

  const { nickname, uid, vip } = user;
  const items = [
    {
      id: 'transfer',
      label: t({
        message: 'Transfer',
        comment: 'Menu item (a narrow place): at most 24 characters',
      }),
    },
    {
      id: 'logout',
      label: t({
        message: 'Log out',
        comment: 'Menu item (a narrow place): at most 24 characters',
      }),
    },
  ];
  return (
    <div className="zmx-pv-account">
      <MenuTrigger>
        <Button
          ref={button}
          className="button zmx-pv-user"
          aria-label={t`Account menu for ${nickname}`}
        >
          <span className="zmx-pv-avatar" aria-hidden="true">
            {nickname.slice(0, 1).toUpperCase()}
          </span>
          <span className="zmx-pv-user-name">{nickname}</span>
        </Button>
        <Popover className="zmx-pv-popover" placement="bottom end">
          <Menu
            className="zmx-pv-menu"
            onAction={(key) => {
              if (key === 'transfer') openTransfer();
              if (key === 'logout') void signOut();
            }}
          >
            <MenuSection>
              <Header className="zmx-pv-menu-header">
                <span>{user.email}</span>
                <span>{t`UID ${uid} · VIP ${vip}`}</span>
              </Header>
              {items.map(({ id, label }) => (
                <MenuItem
                  key={id}
                  id={id}
                  className="zmx-pv-menu-item"
                  data-track={`menu:${id}`}
                >
                  {label}
                </MenuItem>
              ))}
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  );
};
