/**
 * The sandbox API as a process: node src/sandbox/main.ts --port 0 --data .sandbox-data/state.json
 * Prints `sandbox listening on http://127.0.0.1:PORT`. Refuses to start with NODE_ENV=production
 * unless asked explicitly (SANDBOX_IN_PRODUCTION=1 or --allow-production).
 */
import { parseArgs } from 'node:util';

import { startSandbox } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string' },
    'token-cookie': { type: 'string', default: 'b_t_c_k' },
    'build-id': { type: 'string' },
    'site-domain': { type: 'string' },
    'insecure-cookies': { type: 'boolean', default: false },
    'allow-production': { type: 'boolean', default: false },
    log: { type: 'boolean', default: false },
  },
});

if (
  process.env.NODE_ENV === 'production' &&
  process.env.SANDBOX_IN_PRODUCTION !== '1' &&
  !values['allow-production']
) {
  console.error(
    'The sandbox API does not start in production unless asked (SANDBOX_IN_PRODUCTION=1 or --allow-production).',
  );
  process.exit(1);
}

const sandbox = await startSandbox({
  port: Number(values.port),
  host: values.host,
  ...(values.data ? { dataFile: values.data } : {}),
  tokenCookieName: values['token-cookie'],
  secureCookies: !values['insecure-cookies'],
  controls: process.env.NODE_ENV !== 'production',
  siteDomain:
    values['site-domain'] ?? process.env.SITE_DOMAIN ?? 'example-exchange.com',
  ...(values['build-id'] ? { buildId: values['build-id'] } : {}),
  log: values.log,
  // the sandbox sends no mail: a sign-up's confirmation link is printed here instead
  onMail: (mail) =>
    console.log(
      `sandbox mail to ${mail.to}: ${mail.subject}${mail.link ? ` — open ${mail.link} on the site` : ''}`,
    ),
});
console.log(`sandbox listening on ${sandbox.url}`);

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
