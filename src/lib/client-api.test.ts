import { describe, expect, it } from 'vitest';

import {
  clientApiOrigin,
  clientWebsocketOrigin,
  DEV_API_ORIGIN_KEY,
  DEV_WS_ORIGIN_KEY,
} from './client-api.ts';

const storage = (values: Record<string, string>) => ({
  getItem: (k: string) => values[k] ?? null,
});

describe('API and websocket origins in the browser', () => {
  it('are the site itself (empty base URL) and the environment ws host by default', () => {
    expect(
      clientApiOrigin(
        false,
        storage({ [DEV_API_ORIGIN_KEY]: 'http://127.0.0.1:4100' }),
      ),
    ).toBe('');
    expect(
      clientWebsocketOrigin(
        'wss://ws2.example-exchange.com',
        false,
        storage({ [DEV_WS_ORIGIN_KEY]: 'ws://x:1' }),
      ),
    ).toBe('wss://ws2.example-exchange.com');
  });

  it('can be overridden from local storage in development only', () => {
    expect(
      clientApiOrigin(
        true,
        storage({ [DEV_API_ORIGIN_KEY]: 'http://127.0.0.1:4100' }),
      ),
    ).toBe('http://127.0.0.1:4100');
    expect(
      clientWebsocketOrigin(
        'wss://ws2',
        true,
        storage({ [DEV_WS_ORIGIN_KEY]: 'ws://127.0.0.1:4200' }),
      ),
    ).toBe('ws://127.0.0.1:4200');
  });

  it('ignores malformed overrides and broken storage', () => {
    expect(
      clientApiOrigin(
        true,
        storage({ [DEV_API_ORIGIN_KEY]: 'javascript:alert(1)' }),
      ),
    ).toBe('');
    expect(
      clientApiOrigin(true, storage({ [DEV_API_ORIGIN_KEY]: 'http://x/path' })),
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
