import { describe, expect, it } from 'vitest';

import {
  DEFAULT_SITE_DOMAIN,
  resolveEnvironment,
  type EnvironmentInfo,
} from './environment.ts';

const siteDomain = 'example-exchange.com';
const resolve = (host: string, devHost?: string): EnvironmentInfo =>
  resolveEnvironment(
    host,
    devHost === undefined ? { siteDomain } : { siteDomain, devHost },
  );

const production: EnvironmentInfo = {
  env: 'prod',
  envName: 'prod',
  domain: siteDomain,
  domainType: 'com',
  protocol: 'https:',
  host: siteDomain,
  isDev: false,
  isDex: false,
  isPreprod: false,
};

describe('resolveEnvironment: development', () => {
  it.each([
    'localhost',
    'localhost:3000',
    '127.0.0.1',
    '127.0.0.1:5173',
    '127.1.2.3',
    '[::1]',
    '[::1]:3000',
    'app.localhost:3000',
    'LOCALHOST:3000',
    'localhost.',
  ])(
    '%s is development, mapped to the default dev host www.test1.<siteDomain>',
    (host) => {
      expect(resolve(host)).toEqual({
        env: 'test',
        envName: 'test1',
        domain: siteDomain,
        domainType: 'com',
        protocol: 'http:',
        host: 'www.test1.example-exchange.com',
        isDev: true,
        isDex: false,
        isPreprod: false,
      });
    },
  );

  it('maps to the configured dev host, whose rules then apply', () => {
    expect(
      resolve('localhost:3000', 'www.testnet.example-exchange.com'),
    ).toMatchObject({
      env: 'testnet',
      envName: 'testnet',
      host: 'www.testnet.example-exchange.com',
      isDev: true,
      protocol: 'http:',
    });
    expect(
      resolve('127.0.0.1', 'WWW.TEST2.Example-Exchange.CO:8443'),
    ).toMatchObject({
      env: 'test',
      envName: 'test2',
      domain: 'example-exchange.co',
      isPreprod: true,
      isDev: true,
    });
    expect(resolve('localhost', 'dex.example-exchange.com')).toMatchObject({
      env: 'prod',
      isDex: true,
      isDev: true,
      protocol: 'http:',
    });
  });

  it('ignores a garbage or local dev host and uses the default', () => {
    for (const devHost of ['', 'not a host', 'localhost:4000', '127.0.0.1']) {
      expect(resolve('localhost', devHost).host).toBe(
        'www.test1.example-exchange.com',
      );
    }
  });

  it('builds the default dev host on the configured site domain', () => {
    expect(
      resolveEnvironment('localhost', { siteDomain: 'other-exchange.io' }),
    ).toMatchObject({
      host: 'www.test1.other-exchange.io',
      domain: 'other-exchange.io',
      domainType: 'io',
      isDev: true,
    });
  });

  it('does not treat other IP addresses or look-alikes as local', () => {
    expect(resolve('192.168.1.20:3000')).toEqual(production);
    expect(resolve('128.0.0.1')).toEqual(production);
    expect(resolve('127.0.0.256')).toEqual(production);
    expect(resolve('localhost.example-exchange.com').isDev).toBe(false);
    expect(resolve('mylocalhost.com').isDev).toBe(false);
  });
});

describe('resolveEnvironment: testnet', () => {
  it.each([
    'www.testnet.example-exchange.com',
    'testnet.example-exchange.com',
    'api.testnet.example-exchange.com',
    'WWW.TESTNET.EXAMPLE-EXCHANGE.COM:443',
  ])('%s is testnet', (host) => {
    expect(resolve(host)).toMatchObject({
      env: 'testnet',
      envName: 'testnet',
      domain: siteDomain,
      protocol: 'https:',
      isDev: false,
    });
  });

  it('wins over a numbered test label', () => {
    expect(resolve('test1.testnet.example-exchange.com').env).toBe('testnet');
  });

  it.each([
    'testnet.com',
    'www.testnet.io',
    'www.testnets.example-exchange.com',
    'www.my-testnet.example-exchange.com',
  ])(
    '%s is not testnet (the label must be testnet, left of the registrable domain)',
    (host) => {
      expect(resolve(host).env).toBe('prod');
    },
  );
});

describe('resolveEnvironment: test', () => {
  it.each([
    ['www.test1.example-exchange.com', 'test1'],
    ['www.test2.example-exchange.com', 'test2'],
    ['test22.example-exchange.com', 'test22'],
    ['WWW.TEST3.EXAMPLE-EXCHANGE.COM:8080', 'test3'],
    ['a.test10.b.example-exchange.com', 'test10'],
  ])('%s is test %s', (host, envName) => {
    expect(resolve(host)).toMatchObject({
      env: 'test',
      envName,
      isDev: false,
      protocol: 'https:',
    });
  });

  it.each([
    'testing.com',
    'contest.com',
    'test.com',
    'www.test.example-exchange.com',
    'www.testing.example-exchange.com',
    'www.contest1.example-exchange.com',
    'www.test1a.example-exchange.com',
    'www.test-1.example-exchange.com',
    'test1.com',
  ])('%s is not test', (host) => {
    expect(resolve(host).env).toBe('prod');
  });
});

describe('resolveEnvironment: production, pre-production, dex', () => {
  it('anything else is production, keeping its own domain', () => {
    expect(resolve('www.example-exchange.com')).toEqual({
      ...production,
      host: 'www.example-exchange.com',
    });
    expect(resolve('example-exchange.com')).toEqual(production);
    expect(resolve('www.other.io')).toMatchObject({
      env: 'prod',
      domain: 'other.io',
      domainType: 'io',
    });
  });

  it('the co top-level domain is pre-production (still the prod environment)', () => {
    expect(resolve('www.example-exchange.co')).toEqual({
      ...production,
      domain: 'example-exchange.co',
      domainType: 'co',
      host: 'www.example-exchange.co',
      isPreprod: true,
    });
    expect(resolve('www.testnet.example-exchange.co')).toMatchObject({
      env: 'testnet',
      isPreprod: true,
    });
    expect(resolve('www.example-exchange.com').isPreprod).toBe(false);
    expect(resolve('www.co.example-exchange.com').isPreprod).toBe(false);
  });

  it('the finance top-level domain or a dex label is dex', () => {
    expect(resolve('www.example-exchange.finance')).toMatchObject({
      env: 'prod',
      domain: 'example-exchange.finance',
      domainType: 'finance',
      isDex: true,
    });
    expect(resolve('dex.example-exchange.com')).toMatchObject({
      env: 'prod',
      isDex: true,
    });
    expect(resolve('www.dex.testnet.example-exchange.com')).toMatchObject({
      env: 'testnet',
      isDex: true,
    });
    expect(resolve('www.example-exchange.com').isDex).toBe(false);
    expect(resolve('dexter.example-exchange.com').isDex).toBe(false);
    expect(resolve('www.dex.com').isDex).toBe(false);
  });

  it('keeps a country-code second level in the registrable domain', () => {
    expect(resolve('www.test1.example-exchange.co.uk')).toMatchObject({
      env: 'test',
      domain: 'example-exchange.co.uk',
      domainType: 'uk',
      isPreprod: false,
    });
    expect(resolve('www.example.com.au').domain).toBe('example.com.au');
  });
});

describe('resolveEnvironment: normalisation and garbage', () => {
  it('lowercases, trims, strips the port and a trailing dot', () => {
    expect(resolve('  WWW.Example-Exchange.COM:8443  ').host).toBe(
      'www.example-exchange.com',
    );
    expect(resolve('www.example-exchange.com.').host).toBe(
      'www.example-exchange.com',
    );
  });

  it.each([
    '',
    '   ',
    'exa mple.com',
    'example.com/path',
    'https://www.example-exchange.com',
    'user@example.com',
    'example..com',
    '.example.com',
    '-bad.example.com',
    'bad-.example.com',
    'example.com:',
    'example.com:port',
    'example.com:123456',
    'example.com:80:80',
    '[::2]:3000',
    '[::1',
    '[::1]x',
    '::2',
    'localhost\u0000.evil.com',
    'ex\u00e4mple.com',
    'singlelabel',
    'example.123',
    `${'a'.repeat(64)}.com`,
    `${'abcdefghi.'.repeat(30)}com`,
    'x'.repeat(16 * 1024),
  ])('garbage host %j resolves as production for the site domain', (host) => {
    expect(resolve(host)).toEqual(production);
  });

  it('never throws on values outside its type', () => {
    expect(
      resolveEnvironment(undefined as unknown as string, { siteDomain }),
    ).toEqual(production);
    expect(resolveEnvironment(42 as unknown as string, { siteDomain })).toEqual(
      production,
    );
  });

  it('uses the registrable domain of the configured site domain', () => {
    expect(
      resolveEnvironment('', { siteDomain: 'WWW.Other-Exchange.CO' }),
    ).toMatchObject({
      env: 'prod',
      domain: 'other-exchange.co',
      host: 'other-exchange.co',
      isPreprod: true,
    });
    // A site domain with an environment label still gives production for garbage hosts.
    expect(
      resolveEnvironment('', { siteDomain: 'www.testnet.other.com' }),
    ).toMatchObject({
      env: 'prod',
      domain: 'other.com',
    });
  });

  it('falls back to DEFAULT_SITE_DOMAIN when the site domain is garbage too', () => {
    expect(DEFAULT_SITE_DOMAIN).toBe('example-exchange.com');
    for (const bad of ['', 'not a domain', 'localhost', '10.0.0.1']) {
      expect(resolveEnvironment('', { siteDomain: bad })).toEqual(production);
    }
  });

  it('stays fast on a 16 KB host', () => {
    const host = `${'a.'.repeat(8 * 1024)}com`;
    const start = performance.now();
    expect(resolve(host)).toEqual(production);
    expect(performance.now() - start).toBeLessThan(50);
  });
});
