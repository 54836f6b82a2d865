/**
 * One autocannon run in a process of its own, from a JSON argument (the CLI reads `[…]` in a URL
 * as sub-arguments, so `[<id>]` — a unique id per request — cannot go through it). Prints
 * autocannon's result as JSON.
 */
import autocannon from 'autocannon';

type Config = {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers: Record<string, string>;
};

const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const result = await autocannon({
  url: config.url,
  connections: config.connections,
  duration: config.duration,
  timeout: config.timeout,
  headers: config.headers,
  idReplacement: true,
});
process.stdout.write(JSON.stringify(result));
