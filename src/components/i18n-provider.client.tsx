'use client';

import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';

const instances = new Map<string, I18n>();

/**
 * Lingui in the browser: one instance per locale, holding only the messages client widgets
 * use (locale/<code>/client.json, passed down by the server). A client navigation to another
 * locale swaps the instance without a reload.
 */
export const ClientI18n = ({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: Messages;
  children: ReactNode;
}) => {
  const i18n = useMemo(() => {
    let instance = instances.get(locale);
    if (!instance) {
      instance = setupI18n({ locale, messages: { [locale]: messages } });
      instances.set(locale, instance);
    }
    return instance;
  }, [locale, messages]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
};
