import { describe, expect, it } from 'vitest';

import { resolveEnvironment } from '../config/index.ts';
import {
  createCollector,
  parseTrackMarker,
  type AnalyticsContext,
} from './analytics.ts';
import { telemetryEndpoints } from './endpoints.ts';
import {
  createErrorReporter,
  ERROR_REPORT_CAP,
  errorReportingEndpoint,
} from './error-reporting.ts';
import {
  createFrontLogger,
  FRONT_LOG_CAP,
  frontLoggerEndpoint,
} from './front-logger.ts';
import { pageMetrics, performanceEndpoint } from './performance-monitoring.ts';

const env = (host: string) =>
  resolveEnvironment(host, { siteDomain: 'example-exchange.com' });
const PROD = env('www.example-exchange.com');
const PREPROD = env('www.example-exchange.co');
const TESTNET = env('www.testnet.example-exchange.com');
const TEST2 = env('www.test2.example-exchange.com');
const DEV = env('localhost:3000');

describe('telemetry endpoints per environment (spec §7)', () => {
  it('front logger: production and testnet differ; off in development', () => {
    expect(frontLoggerEndpoint(PROD)).toBe(
      'https://log.example-exchange.com/api/v1/front-log',
    );
    expect(frontLoggerEndpoint(TESTNET)).toBe(
      'https://log-testnet.example-exchange.com/api/v1/front-log',
    );
    expect(frontLoggerEndpoint(TEST2)).toBe(
      'https://log-test.example-exchange.com/api/v1/front-log',
    );
    expect(frontLoggerEndpoint(DEV)).toBe('');
  });

  it('performance monitoring: one endpoint per environment name; off in development', () => {
    expect(performanceEndpoint(PROD)).toBe(
      'https://apm.example-exchange.com/api/v1/metrics',
    );
    expect(performanceEndpoint(TESTNET)).toBe(
      'https://apm-testnet.example-exchange.com/api/v1/metrics',
    );
    expect(performanceEndpoint(TEST2)).toBe(
      'https://apm-test2.example-exchange.com/api/v1/metrics',
    );
    expect(performanceEndpoint(DEV)).toBe('');
  });

  it('error reporting: only production and testnet', () => {
    expect(errorReportingEndpoint(PROD)).toBe(
      'https://errors.example-exchange.com/api/v1/report',
    );
    expect(errorReportingEndpoint(PREPROD)).toBe(
      'https://errors.example-exchange.co/api/v1/report',
    );
    expect(errorReportingEndpoint(TESTNET)).toBe(
      'https://errors.example-exchange.com/api/v1/report',
    );
    expect(errorReportingEndpoint(TEST2)).toBe('');
    expect(errorReportingEndpoint(DEV)).toBe('');
  });

  it('analytics: the logging host, the sandbox collector in development, off by configuration', () => {
    expect(telemetryEndpoints(PROD).analytics).toBe(
      'https://log.example-exchange.com/api/v1/collect',
    );
    expect(telemetryEndpoints(TESTNET).analytics).toBe(
      'https://log-testnet.example-exchange.com/api/v1/collect',
    );
    expect(telemetryEndpoints(DEV).analytics).toBe('/api/v1/collect');
    expect(telemetryEndpoints(PROD, { analytics: false }).analytics).toBe('');
  });
});

const CONTEXT: AnalyticsContext = {
  env: 'prod',
  pageName: 'home',
  url: 'https://www.example-exchange.com/en',
  path: '/en',
  referrer: '',
  loginId: '',
  platformType: 'Web',
  userAgent: 'UA',
  guid: 'guid-1',
  notify_lang: 'en',
};

const collectorWith = (batchSize = 3) => {
  const sent: { endpoint: string; events: { type: string }[] }[] = [];
  const timers: (() => void)[] = [];
  const collector = createCollector({
    send: (endpoint, body) => {
      sent.push({ endpoint, ...(JSON.parse(body) as { events: [] }) });
      return true;
    },
    context: () => CONTEXT,
    now: () => 42,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  });
  collector.config({ endpoint: '/collect', consent: true, batchSize });
  return { collector, sent, timers };
};

describe('the analytics collector: config, start, events', () => {
  it('queues before start, then sends in batches with the context', () => {
    const { collector, sent } = collectorWith();
    collector.track({ type: 'PageView' });
    collector.track({ type: 'Click', buttonType: 'banner', name: 'home-hero' });
    expect(sent).toEqual([]);
    collector.start();
    collector.track({ type: 'Callback', name: 'login' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.endpoint).toBe('/collect');
    expect(sent[0]?.events).toEqual([
      { ...CONTEXT, type: 'PageView', time: 42 },
      {
        ...CONTEXT,
        type: 'Click',
        time: 42,
        buttonType: 'banner',
        name: 'home-hero',
      },
      { ...CONTEXT, type: 'Callback', time: 42, name: 'login' },
    ]);
  });

  it('sends a partial batch after the timer, or at once on flush', () => {
    const { collector, sent, timers } = collectorWith(10);
    collector.start();
    collector.track({ type: 'PageView' });
    expect(sent).toHaveLength(0);
    timers[0]?.();
    expect(sent).toHaveLength(1);
    collector.track({ type: 'PageView' });
    collector.flush();
    expect(sent).toHaveLength(2);
  });

  it('keeps the context the event had when given one', () => {
    const { collector, sent } = collectorWith(1);
    collector.start();
    collector.track(
      { type: 'PageView' },
      { ...CONTEXT, path: '/en/launchpad' },
    );
    expect(sent[0]?.events[0]).toMatchObject({ path: '/en/launchpad' });
  });

  it('without consent or endpoint nothing is queued or sent', () => {
    const { collector, sent } = collectorWith(1);
    collector.config({ endpoint: '/collect', consent: false });
    collector.start();
    collector.track({ type: 'PageView' });
    expect(collector.pending()).toBe(0);
    collector.config({ endpoint: '', consent: true });
    collector.track({ type: 'PageView' });
    expect(sent).toEqual([]);
  });

  it('reads click markers of the four button types only', () => {
    expect(parseTrackMarker('banner:home-launchpad')).toEqual({
      buttonType: 'banner',
      name: 'home-launchpad',
    });
    expect(parseTrackMarker('menu:transfer')?.buttonType).toBe('menu');
    expect(parseTrackMarker('link:nav-tax-api')?.buttonType).toBe('link');
    expect(parseTrackMarker('button:login')?.buttonType).toBe('button');
    for (const bad of ['popup:x', 'banner:', 'banner:<script>', '', null])
      expect(parseTrackMarker(bad)).toBeUndefined();
  });
});

describe('front logger and error reporter', () => {
  it('the logger sends entries to its endpoint, capped per page life', () => {
    const bodies: string[] = [];
    const log = createFrontLogger({
      endpoint: 'https://log.example-exchange.com/api/v1/front-log',
      send: (_e, body) => bodies.push(body) > 0,
      page: () => 'home',
      now: () => 1,
    });
    expect(log('warn', 'slow API', { ms: 900 })).toBe(true);
    expect(JSON.parse(bodies[0] ?? '{}')).toEqual({
      level: 'warn',
      message: 'slow API',
      page: 'home',
      time: 1,
      fields: { ms: 900 },
    });
    for (let i = 0; i < FRONT_LOG_CAP + 5; i++) log('error', `e${i}`);
    expect(bodies).toHaveLength(FRONT_LOG_CAP);
    const off = createFrontLogger({
      endpoint: '',
      send: () => true,
      page: () => 'home',
    });
    expect(off('error', 'x')).toBe(false);
  });

  it('the reporter reports each error once, capped, and not at all when off', () => {
    const bodies: string[] = [];
    const report = createErrorReporter({
      endpoint: 'https://errors.example-exchange.com/api/v1/report',
      release: 'build-7',
      send: (_e, body) => bodies.push(body) > 0,
      where: () => ({ page: 'savings', url: 'https://x/en/earning/savings' }),
      now: () => 5,
    });
    expect(report(new TypeError('boom'))).toBe(true);
    expect(report(new TypeError('boom'))).toBe(false);
    expect(JSON.parse(bodies[0] ?? '{}')).toMatchObject({
      name: 'TypeError',
      message: 'boom',
      page: 'savings',
      release: 'build-7',
      time: 5,
    });
    for (let i = 0; i < ERROR_REPORT_CAP + 3; i++) report(new Error(`e${i}`));
    expect(bodies).toHaveLength(ERROR_REPORT_CAP);
    const off = createErrorReporter({
      endpoint: '',
      release: '',
      send: () => true,
      where: () => ({ page: '', url: '' }),
    });
    expect(off(new Error('x'))).toBe(false);
  });

  it('page metrics keep what the browser measured, rounded', () => {
    expect(
      pageMetrics(
        'home',
        {
          responseStart: 120.4,
          domContentLoadedEventEnd: 480.6,
          loadEventEnd: 0,
          transferSize: 20480,
        },
        { fcp: 350.2 },
      ),
    ).toEqual({
      page: 'home',
      ttfb: 120,
      domContentLoaded: 481,
      fcp: 350,
      transferSize: 20480,
    });
  });

  it('page metrics carry the web vitals: INP rounded, CLS as a score (0 kept), TTFB from web-vitals first', () => {
    expect(
      pageMetrics(
        'home',
        {
          responseStart: 120.4,
          domContentLoadedEventEnd: 480.6,
          loadEventEnd: 900.2,
          transferSize: 0,
        },
        { ttfb: 98.7, fcp: 350.2, lcp: 1210.5, inp: 64.4, cls: 0 },
      ),
    ).toEqual({
      page: 'home',
      ttfb: 99,
      domContentLoaded: 481,
      load: 900,
      fcp: 350,
      lcp: 1211,
      inp: 64,
      cls: 0,
    });
    expect(
      pageMetrics('home', undefined, { cls: 0.123456, inp: Number.NaN }),
    ).toEqual({ page: 'home', cls: 0.1235 });
  });
});
