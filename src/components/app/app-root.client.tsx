'use client';

import type { Messages } from '@lingui/core';
import { Provider } from 'jotai';
import { useState, type ReactNode } from 'react';

import { appStore } from '../../lib/client/store.ts';
import { ClientI18n } from '../i18n-provider.client.tsx';
import { BuildWatcher } from './build-watcher.client.tsx';
import { DialogHost } from './dialog-host.client.tsx';
import { GlobalErrorBoundary } from './global-error.client.tsx';
import { LoadingBar } from './loading-bar.client.tsx';
import { SessionSync } from './session-sync.client.tsx';
import { Toasts } from './toasts.client.tsx';

/**
 * The client root of every page: the one jotai store, the client catalog, and the pieces
 * that live beside the server-rendered page — loading bar, build watcher, toasts, dialogs
 * (loaded on first open) and the global error screen.
 *
 * `session` says only whether the request carried a token cookie (the server never reads
 * the token's value); with it the user info is fetched, without it the visitor is a guest
 * and costs no request.
 */
export const AppRoot = ({
  locale,
  messages,
  session,
  children,
}: {
  locale: string;
  messages: Messages;
  session: boolean;
  children: ReactNode;
}) => {
  const [store] = useState(appStore);
  return (
    <Provider store={store}>
      <ClientI18n locale={locale} messages={messages}>
        <LoadingBar />
        <BuildWatcher />
        <SessionSync session={session} />
        <GlobalErrorBoundary>{children}</GlobalErrorBoundary>
        <Toasts />
        <DialogHost />
      </ClientI18n>
    </Provider>
  );
};
