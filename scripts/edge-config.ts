/**
 * npm run edge:config — writes deploy/nginx/nginx.conf from the route table (scripts/lib/edge.ts),
 * for the upstreams and build given:
 *   npm run edge:config -- --upstream 10.0.0.11:3000 --upstream 10.0.0.12:3000 --listen 80 \
 *     --dir /var/cache/exchange-web-edge --errors /etc/nginx/exchange-web/errors \
 *     --build "$(node -e …)" [--out file]
 * and beside it, in errors/, the localized 503 pages nginx answers with when no process does
 * (one per locale, from the catalogs: scripts/lib/edge-errors.ts); copy them to the --errors
 * directory. Without arguments it writes the committed example (two loopback processes) and
 * deploy/nginx/errors/, which unit tests compare with the generators so the edge key cannot drift
 * from the route table nor the pages from the catalogs. `--kubernetes` writes the Kubernetes edge's
 * (KUBERNETES_EDGE) into deploy/kubernetes/base/edge/ instead (`--build` to give the build id).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { writeErrorPages } from './lib/edge-errors.ts';
import {
  BROTLI_MODULE,
  buildIdOf,
  EXAMPLE_EDGE,
  KUBERNETES_EDGE,
  nginxConfig,
} from './lib/edge.ts';
import { ROOT } from './lib/processes.ts';

const { values } = parseArgs({
  options: {
    upstream: { type: 'string', multiple: true },
    listen: { type: 'string' },
    dir: { type: 'string' },
    errors: { type: 'string' },
    build: { type: 'string' },
    out: { type: 'string' },
    kubernetes: { type: 'boolean' },
  },
});
const example = !values.upstream && !values.build;
const text = nginxConfig(
  values.kubernetes
    ? { ...KUBERNETES_EDGE, buildId: values.build ?? KUBERNETES_EDGE.buildId }
    : example
      ? EXAMPLE_EDGE
      : {
          listen: values.listen ?? EXAMPLE_EDGE.listen,
          upstreams: values.upstream ?? EXAMPLE_EDGE.upstreams,
          dir: values.dir ?? EXAMPLE_EDGE.dir,
          errorPages: values.errors ?? EXAMPLE_EDGE.errorPages,
          buildId: values.build ?? buildIdOf(ROOT),
          brotli: existsSync(BROTLI_MODULE),
        },
);
const out =
  values.out ??
  path.join(
    ROOT,
    values.kubernetes
      ? 'deploy/kubernetes/base/edge/nginx.conf'
      : 'deploy/nginx/nginx.conf',
  );
writeFileSync(out, text);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
const pages = path.join(path.dirname(out), 'errors');
await writeErrorPages(pages);
console.log(`wrote the 503 pages in ${path.relative(process.cwd(), pages)}/`);
