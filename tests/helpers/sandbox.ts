/** The sandbox API's fault controls (src/sandbox/README.md), as the browser tests use them. */
import { faultedRequests } from '../../src/sandbox/testing.ts';

export { clearFaults, hits, injectFault } from '../../src/sandbox/testing.ts';

/** How many requests under `prefix` the faults saw (hits counts one path). */
export const hitsUnder = async (api: string, prefix: string): Promise<number> =>
  (await faultedRequests(api)).filter((r) => r.path.startsWith(prefix)).length;
