import { describe, expect, it } from 'vitest';

import { LOCAL_STORAGE_KEYS } from '../config/storage-keys.ts';
import { clientApiOrigin } from './request-client.ts';

const storage = (values: Record<string, string>) => ({
  getItem: (k: string) => values[k] ?? null,
});

describe('the API origin in the browser', () => {
  it('is the site itself (empty base URL) by default', () => {
    expect(
      clientApiOrigin(
        false,
        storage({ [LOCAL_STORAGE_KEYS.devApiOrigin]: 'http://127.0.0.1:4100' }),
      ),
    ).toBe('');
  });

  it('can be overridden from local storage in development only', () => {
    expect(
      clientApiOrigin(
        true,
        storage({ [LOCAL_STORAGE_KEYS.devApiOrigin]: 'http://127.0.0.1:4100' }),
      ),
    ).toBe('http://127.0.0.1:4100');
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
