import { describe, expect, it } from 'vitest';

import { clientApiOrigin, clientWebsocketOrigin } from './client-api.ts';
import { LOCAL_STORAGE_KEYS } from './config/storage-keys.ts';

const storage = (values: Record<string, string>) => ({
  getItem: (k: string) => values[k] ?? null,
});

describe('API and websocket origins in the browser', () => {
  it('are the site itself (empty base URL) and the environment ws host by default', () => {
    expect(
      clientApiOrigin(
        false,
        storage({ [LOCAL_STORAGE_KEYS.devApiOrigin]: 'http://127.0.0.1:4100' }),
      ),
    ).toBe('');
    expect(
      clientWebsocketOrigin(
        'wss://ws2.example-exchange.com',
        false,
        storage({ [LOCAL_STORAGE_KEYS.devWsOrigin]: 'ws://x:1' }),
      ),
    ).toBe('wss://ws2.example-exchange.com');
  });

  it('can be overridden from local storage in development only', () => {
    expect(
      clientApiOrigin(
        true,
        storage({ [LOCAL_STORAGE_KEYS.devApiOrigin]: 'http://127.0.0.1:4100' }),
      ),
    ).toBe('http://127.0.0.1:4100');
    expect(
      clientWebsocketOrigin(
        'wss://ws2',
        true,
        storage({ [LOCAL_STORAGE_KEYS.devWsOrigin]: 'ws://127.0.0.1:4200' }),
      ),
    ).toBe('ws://127.0.0.1:4200');
  });

  it('ignores malformed overrides and broken storage', () => {
    expect(
      clientApiOrigin(
        true,
        storage({ [LOCAL_STORAGE_KEYS.devApiOrigin]: 'javascript:alert(1)' }),
      ),
    ).toBe('');
    expect(
      clientApiOrigin(
        true,
        storage({ [LOCAL_STORAGE_KEYS.devApiOrigin]: 'http://x/path' }),
      ),
    ).toBe('');
    expect(
      clientApiOrigin(true, {
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('');
    expect(clientApiOrigin(true, undefined)).toBe('');
  });
});
