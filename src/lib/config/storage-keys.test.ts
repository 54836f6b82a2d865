import { describe, expect, it } from 'vitest';

import { resolveEnvironment } from './environment.ts';
import { getStorageKeys } from './storage-keys.ts';

const keysFor = (host: string, devHost?: string) =>
  getStorageKeys(
    resolveEnvironment(
      host,
      devHost === undefined
        ? { siteDomain: 'example-exchange.com' }
        : { siteDomain: 'example-exchange.com', devHost },
    ),
  );

describe('getStorageKeys', () => {
  it('production: no suffix, the parent domain as cookie domain', () => {
    expect(keysFor('www.example-exchange.com')).toEqual({
      referral: 'ref_reg',
      token: 'b_t_c_k',
      guid: 'guid',
      theme: 'theme',
      cookieDomain: '.example-exchange.com',
    });
  });

  it('pre-production and dex are production hosts: no suffix', () => {
    expect(keysFor('www.example-exchange.co')).toMatchObject({
      token: 'b_t_c_k',
      referral: 'ref_reg',
      cookieDomain: '.example-exchange.co',
    });
    expect(keysFor('dex.example-exchange.com')).toMatchObject({
      token: 'b_t_c_k',
      cookieDomain: '.example-exchange.com',
    });
  });

  it('testnet: the _testnet suffix on the referral and token keys only', () => {
    expect(keysFor('www.testnet.example-exchange.com')).toEqual({
      referral: 'ref_reg_testnet',
      token: 'b_t_c_k_testnet',
      guid: 'guid',
      theme: 'theme',
      cookieDomain: '.example-exchange.com',
    });
  });

  it.each(['test1', 'test2', 'test22'])('%s: the _%s suffix', (envName) => {
    expect(keysFor(`www.${envName}.example-exchange.com`)).toEqual({
      referral: `ref_reg_${envName}`,
      token: `b_t_c_k_${envName}`,
      guid: 'guid',
      theme: 'theme',
      cookieDomain: '.example-exchange.com',
    });
  });

  it('development: the dev host environment suffix and localhost as cookie domain', () => {
    expect(keysFor('localhost:3000')).toEqual({
      referral: 'ref_reg_test1',
      token: 'b_t_c_k_test1',
      guid: 'guid',
      theme: 'theme',
      cookieDomain: 'localhost',
    });
    expect(keysFor('127.0.0.1', 'www.example-exchange.com')).toMatchObject({
      token: 'b_t_c_k',
      cookieDomain: 'localhost',
    });
  });

  it('keeps the registrable domain (with its country-code second level) as cookie domain', () => {
    expect(keysFor('www.test1.example-exchange.co.uk').cookieDomain).toBe(
      '.example-exchange.co.uk',
    );
  });

  it('gives garbage hosts the production keys of the site domain', () => {
    expect(keysFor('not a host')).toMatchObject({
      token: 'b_t_c_k',
      cookieDomain: '.example-exchange.com',
    });
  });
});
