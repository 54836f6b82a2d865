/**
 * node bench/sandbox-guesses.ts — parallel password guessing against the sandbox API (issue 42
 * point 8: 200 wrong passwords sent at once were all checked within 4.6 s). Starts the sandbox
 * in this process on loopback with its default login throttle, sends SANDBOX_GUESSES (200)
 * wrong passwords for the demo account at once, and prints how many were checked (10002) and
 * how many refused (429), when the last answer came, and whether the right password then logs in.
 *
 * Options (environment): SANDBOX_GUESSES, SANDBOX_PORT (4202).
 */
import { startSandbox } from '../src/sandbox/server.ts';

const GUESSES = Number(process.env.SANDBOX_GUESSES ?? 200);
const PORT = Number(process.env.SANDBOX_PORT ?? 4202);
const EMAIL = 'demo@example-exchange.com';

const sandbox = await startSandbox({ port: PORT, secureCookies: false });

const attempt = async (password: string) => {
  const res = await fetch(`${sandbox.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password }),
  });
  const body = (await res.json()) as { ret_code: number };
  return { status: res.status, code: body.ret_code };
};

try {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: GUESSES }, async (_, i) => ({
      ...(await attempt(`guess${i}x1`)),
      at: performance.now() - started,
    })),
  );
  const tally = new Map<string, number>();
  for (const a of answers) {
    const key = `HTTP ${a.status} ret_code ${a.code}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  const last = Math.max(...answers.map((a) => a.at));
  const lastChecked = Math.max(
    0,
    ...answers.filter((a) => a.code === 10002).map((a) => a.at),
  );
  console.log(`${GUESSES} wrong passwords at once for ${EMAIL}:`);
  for (const [key, count] of tally) console.log(`  ${key}: ${count}`);
  console.log(
    `  all answered within ${(last / 1000).toFixed(2)} s (the last checked one at ${(lastChecked / 1000).toFixed(2)} s)`,
  );
  const owner = await attempt('Demo12345');
  console.log(
    `then the right password: HTTP ${owner.status} ret_code ${owner.code}`,
  );
} finally {
  await sandbox.close();
}
