import { describe, expect, it } from 'vitest';

import { loadSiteConfig } from './site-config.ts';

describe('the hosts a deployment answers for', () => {
  it('with no SITE_ORIGIN, every loopback spelling of the port, in production too', () => {
    const config = loadSiteConfig({ NODE_ENV: 'production', PORT: '3999' });
    expect(config.siteOrigin).toBe('http://localhost:3999');
    for (const host of ['localhost:3999', '127.0.0.1:3999', '[::1]:3999'])
      expect(config.allowedHosts.has(host)).toBe(true);
    expect(config.allowedHosts.has('127.0.0.1:4000')).toBe(false);
  });

  it('with a SITE_ORIGIN, only its host and ALLOWED_HOSTS in production', () => {
    const config = loadSiteConfig({
      NODE_ENV: 'production',
      PORT: '3999',
      SITE_ORIGIN: 'https://www.example-exchange.com',
      ALLOWED_HOSTS: 'www.testnet.example-exchange.com',
    });
    expect([...config.allowedHosts].sort()).toEqual([
      'www.example-exchange.com',
      'www.testnet.example-exchange.com',
    ]);
  });
});

describe('the API answer cache’s lifetime', () => {
  it('is 5 s unless API_CACHE_TTL_MS names a positive number of milliseconds', () => {
    expect(loadSiteConfig({}).apiCacheTtlMs).toBe(5000);
    expect(loadSiteConfig({ API_CACHE_TTL_MS: '1' }).apiCacheTtlMs).toBe(1);
    for (const wrong of ['0', '-5', 'soon'])
      expect(loadSiteConfig({ API_CACHE_TTL_MS: wrong }).apiCacheTtlMs).toBe(
        5000,
      );
  });
});
