import { describe, expect, it } from 'vitest';

import { newNonce } from './request-context.ts';

describe('newNonce', () => {
  it('gives 128 random bits in base64url, never the same twice, across pool refills', () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[\w-]{22}$/);
      expect(Buffer.from(nonce, 'base64url').byteLength).toBe(16);
    }
    // not a counter: the bytes spread over the whole range
    const firstBytes = new Set(
      nonces.map((nonce) => Buffer.from(nonce, 'base64url')[0]),
    );
    expect(firstBytes.size).toBeGreaterThan(200);
  });
});
