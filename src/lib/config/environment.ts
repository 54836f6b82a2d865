/**
 * The environment a page is served in, derived from its host (spec §3, §4).
 *
 * Pure: the host and the deployment's site domain come in as arguments. Nothing here reads
 * process.env, the network or the file system, so the same code runs in middleware, server
 * components, client components and Node scripts.
 *
 * Rules, in order:
 * 1. The host is normalised: trimmed, lowercased, a port and a trailing dot stripped. A host
 *    that is not a valid DNS name (bad characters, empty or too-long labels, over 253
 *    characters, a bad port) or that is an IP address other than loopback is garbage: it
 *    resolves as production for the configured site domain. Nothing throws.
 * 2. A local host (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`) is development: it is
 *    mapped to the dev host (`options.devHost`, default `www.test1.<siteDomain>`), whose
 *    rules then apply, with `isDev` true and protocol `http:`.
 * 3. The labels left of the registrable domain decide the environment: a `testnet` label is
 *    testnet, a numbered test label (`test` then digits: test1, test22) is test with that
 *    label as its name, anything else is production. The registrable domain itself is the
 *    brand and never an environment (`test.com`, `contest.com` and `testing.com` are
 *    production).
 * 4. Flags: pre-production when the top-level domain is `co`; dex when the top-level domain
 *    is `finance` or a subdomain label is `dex`.
 */

/** The neutral site domain used when none (or a garbage one) is configured. */
export const DEFAULT_SITE_DOMAIN = 'example-exchange.com';

export const ENVIRONMENTS = ['prod', 'testnet', 'test'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export type EnvironmentInfo = {
  readonly env: Environment;
  /** `prod`, `testnet`, or the numbered test label (`test1`, `test2`, …). */
  readonly envName: string;
  /** The registrable domain: `example-exchange.com`, `example-exchange.co`. */
  readonly domain: string;
  /** The top-level domain: `com`, `co`, `finance`, … */
  readonly domainType: string;
  readonly protocol: 'https:' | 'http:';
  /** The normalised host (lowercase, no port); in development, the dev host it maps to. */
  readonly host: string;
  readonly isDev: boolean;
  readonly isDex: boolean;
  readonly isPreprod: boolean;
};

export type ResolveEnvironmentOptions = {
  /** The deployment's registrable domain (a host is accepted: its registrable domain is used). */
  readonly siteDomain: string;
  /** The host a local host is mapped to; default `www.test1.<siteDomain>`. */
  readonly devHost?: string;
};

const MAX_HOST_LENGTH = 253;
/** Longest input worth looking at: a full-length name, a colon and a five-digit port. */
const MAX_INPUT_LENGTH = MAX_HOST_LENGTH + 6;
// All patterns are anchored and bounded: each runs in time linear in its (short) input.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const PORT = /^\d{1,5}$/;
const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const TEST_LABEL = /^test\d+$/;
/**
 * Second-level labels under which country-code domains are registered (`example.co.uk`,
 * `example.com.au`): for those the registrable domain has three labels. A small stand-in for
 * the public suffix list, enough for the domains an exchange deploys on.
 */
const SECOND_LEVEL_LABELS: ReadonlySet<string> = new Set([
  'ac',
  'co',
  'com',
  'edu',
  'gov',
  'net',
  'or',
  'org',
]);

/** A host split into its registrable domain and the labels left of it. */
type DomainName = {
  readonly host: string;
  readonly domain: string;
  readonly domainType: string;
  readonly subdomainLabels: readonly string[];
};

const DEFAULT_SITE: DomainName = {
  host: DEFAULT_SITE_DOMAIN,
  domain: DEFAULT_SITE_DOMAIN,
  domainType: 'com',
  subdomainLabels: [],
};

/**
 * Lowercase, trim, strip the port and a trailing dot. Returns `[::1]` for IPv6 loopback,
 * the bare name otherwise, or undefined when the input cannot be a host.
 */
const normaliseHost = (raw: string): string | undefined => {
  if (typeof raw !== 'string') return undefined;
  const input = raw.trim().toLowerCase();
  if (input.length === 0 || input.length > MAX_INPUT_LENGTH) return undefined;
  if (input.startsWith('[')) {
    const end = input.indexOf(']');
    if (end < 0) return undefined;
    const rest = input.slice(end + 1);
    if (rest !== '' && !(rest.startsWith(':') && PORT.test(rest.slice(1)))) {
      return undefined;
    }
    const address = input.slice(1, end);
    return address === '::1' || address === '0:0:0:0:0:0:0:1'
      ? '[::1]'
      : undefined;
  }
  const colon = input.indexOf(':');
  let name = input;
  if (colon >= 0) {
    if (input === '::1') return '[::1]';
    if (input.lastIndexOf(':') !== colon) return undefined;
    if (!PORT.test(input.slice(colon + 1))) return undefined;
    name = input.slice(0, colon);
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name.length === 0 || name.length > MAX_HOST_LENGTH) return undefined;
  return name.split('.').every((label) => LABEL.test(label)) ? name : undefined;
};

const isLoopbackIpv4 = (host: string): boolean =>
  IPV4.test(host) &&
  host.startsWith('127.') &&
  host.split('.').every((octet) => Number(octet) <= 255);

const isLocalHost = (host: string): boolean =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  host === '[::1]' ||
  isLoopbackIpv4(host);

/** Splits a normalised host; undefined for IP addresses and single-label names. */
const parseDomainName = (host: string): DomainName | undefined => {
  const labels = host.split('.');
  const domainType = labels.at(-1);
  if (labels.length < 2 || !domainType || !TOP_LEVEL_DOMAIN.test(domainType)) {
    return undefined;
  }
  const secondLevel = labels.at(-2) ?? '';
  const size =
    labels.length > 2 &&
    domainType.length === 2 &&
    SECOND_LEVEL_LABELS.has(secondLevel)
      ? 3
      : 2;
  return {
    host,
    domain: labels.slice(-size).join('.'),
    domainType,
    subdomainLabels: labels.slice(0, -size),
  };
};

const parseHost = (raw: string | undefined): DomainName | undefined => {
  if (raw === undefined) return undefined;
  const host = normaliseHost(raw);
  return host === undefined || isLocalHost(host)
    ? undefined
    : parseDomainName(host);
};

const toEnvironmentInfo = (
  name: DomainName,
  isDev: boolean,
): EnvironmentInfo => {
  const labels = name.subdomainLabels;
  const testLabel = labels.find((label) => TEST_LABEL.test(label));
  const [env, envName]: [Environment, string] = labels.includes('testnet')
    ? ['testnet', 'testnet']
    : testLabel !== undefined
      ? ['test', testLabel]
      : ['prod', 'prod'];
  return {
    env,
    envName,
    domain: name.domain,
    domainType: name.domainType,
    protocol: isDev ? 'http:' : 'https:',
    host: name.host,
    isDev,
    isDex: name.domainType === 'finance' || labels.includes('dex'),
    isPreprod: name.domainType === 'co',
  };
};

/**
 * The environment of a page host (spec §4). Never throws: an empty or garbage host resolves
 * as production for `options.siteDomain` (itself DEFAULT_SITE_DOMAIN when garbage).
 */
export const resolveEnvironment = (
  host: string,
  options: ResolveEnvironmentOptions,
): EnvironmentInfo => {
  const configured = parseHost(options.siteDomain);
  const site: DomainName = configured
    ? { ...configured, host: configured.domain, subdomainLabels: [] }
    : DEFAULT_SITE;
  const normalised = normaliseHost(host);
  if (normalised !== undefined && isLocalHost(normalised)) {
    const devHost =
      parseHost(options.devHost) ??
      parseHost(`www.test1.${site.domain}`) ??
      site;
    return toEnvironmentInfo(devHost, true);
  }
  const name =
    normalised === undefined ? undefined : parseDomainName(normalised);
  return toEnvironmentInfo(name ?? site, false);
};
