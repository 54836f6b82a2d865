'use client';

import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';

const instances = new Map<string, { json: string; i18n: I18n }>();

/**
 * Lingui in the browser: one instance per locale, holding only the messages client widgets
 * use (locale/<code>/client.json, passed down by the server as JSON and parsed once per locale
 * and catalog, here and in the server's HTML pass alike). A client navigation to another
 * locale swaps the instance without a reload; a changed catalog (remote bundles) makes a new one.
 */
export const ClientI18n = ({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: string;
  children: ReactNode;
}) => {
  const i18n = useMemo(() => {
    const known = instances.get(locale);
    if (known?.json === messages) return known.i18n;
    const parsed = JSON.parse(messages) as Messages;
    const instance = setupI18n({ locale, messages: { [locale]: parsed } });
    instances.set(locale, { json: messages, i18n: instance });
    return instance;
  }, [locale, messages]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
};
