/** The sandbox API's fault controls (src/sandbox/README.md), as the browser tests use them. */
export { clearFaults, injectFault } from '../../src/sandbox/testing.ts';
