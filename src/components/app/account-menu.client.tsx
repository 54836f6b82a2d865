'use client';

import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useStore } from 'jotai';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
} from 'react-aria-components';

import { logout } from '../../lib/client/account.ts';
import { useClientApi } from '../../lib/client/api.ts';
import {
  balancesAtom,
  openLogin,
  openTransfer,
  showToast,
  userAtom,
} from '../../lib/client/store.ts';

/**
 * The header's account corner: Log in and Sign up for a guest; for a logged-in person a menu
 * (react-aria: arrow keys, Escape, screen-reader roles) with the transfer dialog and logout.
 * While the user info of a session is on its way, a quiet placeholder of the same size.
 */
export const AccountMenu = () => {
  const { t } = useLingui();
  const store = useStore();
  const api = useClientApi();
  const user = useAtomValue(userAtom);

  if (user === 'unknown')
    return (
      <span
        className="zmx-pv-account zmx-pv-account-pending"
        aria-hidden="true"
      />
    );

  if (user === null)
    return (
      <div className="zmx-pv-account">
        <Button
          className="button zmx-pv-login"
          onPress={() => openLogin(store, 'login')}
        >
          {t`Log in`}
        </Button>
        <Button
          className="button button-primary zmx-pv-signup"
          onPress={() => openLogin(store, 'signup')}
        >
          {t`Sign up`}
        </Button>
      </div>
    );

  const signOut = async () => {
    try {
      await logout(api);
      store.set(userAtom, null);
      store.set(balancesAtom, null);
      showToast(store, { kind: 'info', title: t`You are logged out` });
    } catch {
      // the request client's toast said why; the session stays as it was
    }
  };

  const { nickname, uid, vip } = user;
  return (
    <div className="zmx-pv-account">
      <MenuTrigger>
        <Button
          className="button zmx-pv-user"
          aria-label={t`Account menu for ${nickname}`}
        >
          <span className="zmx-pv-avatar" aria-hidden="true">
            {user.nickname.slice(0, 1).toUpperCase()}
          </span>
          <span className="zmx-pv-user-name">{user.nickname}</span>
        </Button>
        <Popover className="zmx-pv-popover" placement="bottom end">
          <Menu
            className="zmx-pv-menu"
            onAction={(key) => {
              if (key === 'transfer') openTransfer(store);
              if (key === 'logout') void signOut();
            }}
          >
            <MenuSection>
              <Header className="zmx-pv-menu-header">
                <span>{user.email}</span>
                <span>{t`UID ${uid} · VIP ${vip}`}</span>
              </Header>
              <MenuItem id="transfer" className="zmx-pv-menu-item">
                {t`Transfer`}
              </MenuItem>
              <MenuItem id="logout" className="zmx-pv-menu-item">
                {t`Log out`}
              </MenuItem>
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  );
};
