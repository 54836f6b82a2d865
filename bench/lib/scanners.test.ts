import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  findOnPath,
  LOOPBACK_ONLY_ENV,
  prepareWapitiConfig,
  scanPlan,
  verdict,
} from './scanners.ts';

const input = {
  origin: 'http://127.0.0.1:4321',
  out: '/tmp/out',
  minutes: 2,
  starts: ['http://127.0.0.1:4321/en'],
  work: '/tmp/scan-work',
};

describe('the scan plan', () => {
  it('runs two independent required scanners from Debian main, nikto optional', () => {
    const plan = scanPlan(input);
    expect(plan.filter((s) => s.required).map((s) => s.name)).toEqual([
      'wapiti',
      'nmap',
    ]);
    expect(plan.find((s) => s.name === 'nikto')?.required).toBe(false);
  });

  it('keeps every scanner on loopback: proxies that go nowhere, the target only', () => {
    for (const scanner of scanPlan(input)) {
      expect(scanner.env).toMatchObject(LOOPBACK_ONLY_ENV);
      const hosts = scanner.args
        .filter((a) => /^https?:\/\//.test(a))
        .map((a) => new URL(a).hostname);
      expect(hosts.every((h) => h === '127.0.0.1')).toBe(true);
    }
    expect(LOOPBACK_ONLY_ENV.https_proxy).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const nmap = scanPlan(input).find((s) => s.name === 'nmap');
    expect(nmap?.args.at(-1)).toBe('127.0.0.1');
    expect(nmap?.args).toContain('-n');
    expect(() =>
      scanPlan({ ...input, origin: 'http://example.org:80' }),
    ).toThrow(/loopback/);
  });

  it('gives wapiti a local wapp database so it never downloads one', () => {
    const work = mkdtempSync(path.join(tmpdir(), 'scan-test-'));
    try {
      const config = prepareWapitiConfig(work);
      const wapiti = scanPlan({ ...input, work }).find(
        (s) => s.name === 'wapiti',
      );
      const args = wapiti?.args ?? [];
      expect(args[args.indexOf('--store-config') + 1]).toBe(config);
      expect(
        JSON.parse(readFileSync(path.join(config, 'apps.json'), 'utf8')),
      ).toEqual({ apps: {}, categories: {} });
      // modules that call out to the internet are not enabled
      const modules = args[args.indexOf('-m') + 1] ?? '';
      for (const name of ['wapp', 'nikto', 'ssrf', 'xxe'])
        expect(modules.split(',')).not.toContain(name);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

const WAPITI = 'Summary of vulnerabilities :\n';
const NMAP =
  '8080/tcp open http\n| http-methods:\n|_  Supported Methods: GET HEAD\n';

describe('the verdict', () => {
  const plan = scanPlan(input);
  it('fails when nmap ran but no web script did (the port not recognised as HTTP)', () => {
    const { ok, lines } = verdict(plan, [
      { name: 'wapiti', ran: true, exit: 0, signal: null, report: WAPITI },
      {
        name: 'nmap',
        ran: true,
        exit: 0,
        signal: null,
        report: 'PORT STATE SERVICE\n39821/tcp open unknown\n',
      },
    ]);
    expect(ok).toBe(false);
    expect(lines.join('\n')).toMatch(/FAILED: nmap ended without scanning/);
  });

  it('fails when a required scanner is missing, and says why', () => {
    const { ok, lines } = verdict(plan, [
      { name: 'wapiti', ran: true, exit: 0, signal: null, report: WAPITI },
      { name: 'nmap', ran: false, reason: 'nmap is not installed' },
      { name: 'nikto', ran: false, reason: 'nikto is not installed' },
    ]);
    expect(ok).toBe(false);
    expect(lines.join('\n')).toMatch(/FAILED: nmap .*not installed.*apt-get/);
  });

  it('passes with both required scanners, saying loudly that nikto was skipped', () => {
    const { ok, lines } = verdict(plan, [
      { name: 'wapiti', ran: true, exit: 0, signal: null, report: WAPITI },
      { name: 'nmap', ran: true, exit: 0, signal: null, report: NMAP },
      { name: 'nikto', ran: false, reason: 'nikto is not installed' },
    ]);
    expect(ok).toBe(true);
    expect(lines.join('\n')).toMatch(/!!! SKIPPED: nikto .*non-free/);
  });

  it('fails when a required scanner was killed at its limit or failed', () => {
    expect(
      verdict(plan, [
        {
          name: 'wapiti',
          ran: true,
          exit: null,
          signal: 'SIGKILL',
          report: '',
        },
        { name: 'nmap', ran: true, exit: 0, signal: null, report: NMAP },
      ]).ok,
    ).toBe(false);
    expect(
      verdict(plan, [
        { name: 'wapiti', ran: true, exit: 0, signal: null, report: WAPITI },
        { name: 'nmap', ran: true, exit: 1, signal: null, report: NMAP },
      ]).ok,
    ).toBe(false);
  });

  it('finds executables on PATH only', () => {
    expect(findOnPath('sh', '/bin:/usr/bin')).toMatch(/\/sh$/);
    expect(findOnPath('no-such-scanner-here', '/bin:/usr/bin')).toBeUndefined();
  });
});
