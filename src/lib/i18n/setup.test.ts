import { setupI18n } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';

import { LOCALE_CODES } from '../../i18n/locales.ts';
import { serverMessages } from './catalogs.ts';
import { createServerI18n } from './setup.ts';

describe('createServerI18n', () => {
  it('says every message of every locale as Lingui does with the compiled catalog, without a warning', () => {
    const warn = vi.spyOn(console, 'warn');
    const values = { count: 3, name: 'Aurora', amount: '1,000 USDT' };
    let plain = 0;
    for (const locale of LOCALE_CODES) {
      const messages = serverMessages(locale);
      const reference = setupI18n({ locale, messages: { [locale]: messages } });
      const fast = createServerI18n(locale, messages);
      for (const [id, message] of Object.entries(messages)) {
        if (
          Array.isArray(message) &&
          message.length === 1 &&
          typeof message[0] === 'string'
        ) {
          plain++;
          // held as its text: Lingui returns it without running its interpolator
          expect(fast.messages[id]).toBe(message[0]);
        }
        expect(fast._(id, values), `${locale} ${id}`).toBe(
          reference._(id, values),
        );
      }
    }
    expect(plain).toBeGreaterThan(LOCALE_CODES.length * 100);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps a message whose text holds an escape as Lingui compiled it', () => {
    const i18n = createServerI18n('en', {
      a: ['Price \\u20AC'],
      b: ['Plain'],
      c: ['Hello ', ['name']],
    });
    expect(i18n._('a')).toBe('Price €');
    expect(i18n._('b')).toBe('Plain');
    expect(i18n._('c', { name: 'Ada' })).toBe('Hello Ada');
  });
});
