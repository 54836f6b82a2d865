/**
 * What the server process and the built bundle share about tracing (issue 43 item 4), held on
 * globalThis under registered symbols so both module graphs see the same values (like
 * `lib/http/observe.ts` for metrics):
 * - whether tracing is on: scripts/lib/tracing.ts sets it after registering the OpenTelemetry SDK
 *   (only when OTEL_EXPORTER_OTLP_ENDPOINT is set). Off, the bundle's span wrappers call straight
 *   through and make no span object at all;
 * - the module a worker thread imports to register the SDK in its own thread;
 * - the build id the bundle was built with (a resource attribute of every span).
 */
const TRACING = Symbol.for('exchange-web.tracing');
const BUILD_ID = Symbol.for('exchange-web.build-id');

type TracingState = {
  /** The file URL of the module whose `startTracing` registers the SDK in a worker thread. */
  readonly workerSetup: string;
};

const slot = globalThis as {
  [TRACING]?: TracingState;
  [BUILD_ID]?: string;
};

export const setTracing = (state: TracingState | undefined): void => {
  if (state) slot[TRACING] = state;
  else delete slot[TRACING];
};

/** The tracing state when the SDK is registered in this thread, else undefined. */
export const tracing = (): TracingState | undefined => slot[TRACING];

export const publishBuildId = (id: string): void => {
  slot[BUILD_ID] = id;
};

export const publishedBuildId = (): string | undefined => slot[BUILD_ID];
