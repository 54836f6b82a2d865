/**
 * node bench/sandbox-writes.ts — how fast the sandbox API creates accounts as its data file
 * grows (issue 42 point 8: the whole state file was rewritten on every change). Starts the
 * sandbox in this process on loopback with a fresh data file, creates SANDBOX_ACCOUNTS accounts
 * (3000) with SANDBOX_CONCURRENCY (4) requests at a time, and prints for each block of
 * SANDBOX_BLOCK (500): accounts per second, the process's CPU time and the bytes it wrote per
 * account (from /proc/self/io, Linux; the figures a busy machine does not change), and the
 * data files' size after it. An account is created by
 * registering and, where the sandbox answers "check your email", following the link of its mail
 * (read from the test controls), so the figures count the same thing before and after.
 *
 * Options (environment): SANDBOX_ACCOUNTS, SANDBOX_CONCURRENCY, SANDBOX_BLOCK, SANDBOX_PORT (4201).
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startSandbox } from '../src/sandbox/server.ts';

const ACCOUNTS = Number(process.env.SANDBOX_ACCOUNTS ?? 3000);
const CONCURRENCY = Number(process.env.SANDBOX_CONCURRENCY ?? 4);
const BLOCK = Number(process.env.SANDBOX_BLOCK ?? 500);
const PORT = Number(process.env.SANDBOX_PORT ?? 4201);

type Envelope = { ret_code: number; result: unknown };

const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-writes-'));
const sandbox = await startSandbox({
  port: PORT,
  dataFile: path.join(dir, 'state.json'),
  controls: true,
  secureCookies: false,
  // one client creates every account here: its own bound is lifted for the measurement
  registrationLimits: { perAddress: ACCOUNTS, windowMs: 3_600_000 },
});

const json = async (res: Response): Promise<Envelope> =>
  (await res.json()) as Envelope;

const createAccount = async (i: number): Promise<void> => {
  const email = `bench${i}@example.org`;
  const res = await fetch(`${sandbox.url}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench12345' }),
  });
  const body = await json(res);
  if (body.ret_code !== 0)
    throw new Error(`register ${email}: ${body.ret_code}`);
  if (res.headers.get('set-cookie')) return;
  const mail = await json(
    await fetch(
      `${sandbox.url}/__sandbox/mail?to=${encodeURIComponent(email)}`,
    ),
  );
  const { items } = mail.result as { items: { link: string | null }[] };
  const link = items.at(-1)?.link;
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const confirmed = await json(await fetch(`${sandbox.url}${link}`));
  if (confirmed.ret_code !== 0)
    throw new Error(`confirm ${email}: ${confirmed.ret_code}`);
};

/** Bytes this process has written (any file or socket), or NaN where /proc is missing. */
const written = (): number => {
  if (!existsSync('/proc/self/io')) return Number.NaN;
  const line = readFileSync('/proc/self/io', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('wchar:'));
  return Number(line?.slice('wchar:'.length).trim());
};

const dataBytes = (): number =>
  readdirSync(dir).reduce(
    (sum, name) => sum + statSync(path.join(dir, name)).size,
    0,
  );

try {
  let next = 0;
  for (let start = 0; start < ACCOUNTS; start += BLOCK) {
    const end = Math.min(ACCOUNTS, start + BLOCK);
    const began = performance.now();
    const cpu = process.cpuUsage();
    const wrote = written();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < end) await createAccount(next++);
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    const count = end - start;
    console.log(
      [
        `accounts ${String(start + 1).padStart(5)}–${String(end).padEnd(5)}`,
        `${(count / seconds).toFixed(1).padStart(7)}/s`,
        `cpu ${((user + system) / 1000 / count).toFixed(2).padStart(6)} ms/account`,
        `written ${((written() - wrote) / 1024 / count).toFixed(1).padStart(8)} KiB/account`,
        `data ${(dataBytes() / 1024).toFixed(0)} KiB`,
      ].join('  '),
    );
  }
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
