/**
 * A hook for the server's metrics: each API attempt of the request client reports its
 * duration and outcome to the observer the server process installed (scripts/lib/metrics.ts),
 * held on globalThis so the built bundle and the process share it. In the browser, and wherever
 * no observer is installed, reporting does nothing.
 */
export type ApiCallOutcome =
  | 'ok'
  | '4xx'
  | '5xx'
  | 'other_status'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'invalid'
  /** Not sent: the endpoint's circuit is open (circuit.ts). */
  | 'circuit-open';

export type ApiCallObservation = {
  method: string;
  path: string;
  seconds: number;
  outcome: ApiCallOutcome;
};

type Observer = (observation: ApiCallObservation) => void;

const KEY = Symbol.for('exchange-web.api-call-observer');
const slot = globalThis as { [KEY]?: Observer };

export const setApiCallObserver = (observer: Observer | undefined): void => {
  if (observer) slot[KEY] = observer;
  else delete slot[KEY];
};

export const observeApiCall = (observation: ApiCallObservation): void => {
  slot[KEY]?.(observation);
};

/** The outcome label of an answer's HTTP status (200 is the one success the client accepts). */
export const statusOutcome = (status: number): ApiCallOutcome =>
  status >= 400 && status < 500
    ? '4xx'
    : status >= 500 && status < 600
      ? '5xx'
      : 'other_status';
