import {
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  isBrokenCircuitError,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { LRUCache } from 'lru-cache';

import { HttpStatusError, SchemaError, TransportError } from './envelope.ts';

/**
 * A circuit per upstream endpoint (issue 41 item 4, decision 0041): while an endpoint is failing
 * or slower than the server's budget, pages stop waiting on it. After `failures` calls in a row
 * that failed (no answer in time, no connection, a 5xx, a malformed answer), the circuit opens:
 * calls are refused at once, so the section shows its notice or the page its last good copy
 * without waiting out the budget. After `openMs` one call goes through as a probe; its success
 * closes the circuit, its failure opens it again. Calls made while the probe is under way are
 * refused too (cockatiel would make them wait for the probe's outcome: up to a whole budget).
 * Circuits are per endpoint (method, origin and path), so one slow list costs its own sections,
 * never the others'.
 */
export type CircuitOptions = {
  /** Failed calls in a row that open the circuit. */
  readonly failures: number;
  /** How long an open circuit refuses calls before one probe goes through (ms). */
  readonly openMs: number;
  /** At most this many endpoints are tracked (the least recently used forgotten first). */
  readonly maxEndpoints?: number;
};

/** The server's: five failed calls open an endpoint's circuit; a probe every 5 s closes it. */
export const SERVER_CIRCUIT: CircuitOptions = { failures: 5, openMs: 5000 };

export type Circuits = {
  /** Runs one call through its endpoint's circuit; rejects with CircuitOpenError when it is open. */
  readonly run: <T>(endpoint: string, call: () => Promise<T>) => Promise<T>;
  /** Endpoints whose circuit is open or probing now (for metrics and tests). */
  readonly open: () => string[];
  /** Closes every circuit (the sandbox's reset between tests). */
  readonly reset: () => void;
};

/** The failures an upstream is to blame for; a refusal of the request itself (4xx, ret_code ≠ 0) or the caller's abort is not one. */
export const isUpstreamFailure = (error: unknown): boolean =>
  (error instanceof TransportError && error.kind !== 'aborted') ||
  (error instanceof HttpStatusError && error.status >= 500) ||
  error instanceof SchemaError;

export const createCircuits = ({
  failures,
  openMs,
  maxEndpoints = 1000,
}: CircuitOptions): Circuits => {
  const policy = (): CircuitBreakerPolicy =>
    circuitBreaker(
      handleWhen((error) => isUpstreamFailure(error)),
      {
        halfOpenAfter: openMs,
        breaker: new ConsecutiveBreaker(failures),
      },
    );
  const byEndpoint = new LRUCache<string, CircuitBreakerPolicy>({
    max: maxEndpoints,
  });
  return {
    run: (endpoint, call) => {
      let breaker = byEndpoint.get(endpoint);
      if (!breaker) {
        breaker = policy();
        byEndpoint.set(endpoint, breaker);
      }
      if (breaker.state === CircuitState.HalfOpen)
        return Promise.reject(new TransportError('circuit-open', endpoint));
      return breaker
        .execute(() => call())
        .catch((error: unknown) => {
          throw isBrokenCircuitError(error)
            ? new TransportError('circuit-open', endpoint, { cause: error })
            : error;
        });
    },
    open: () =>
      [...byEndpoint.entries()]
        .filter(([, breaker]) => breaker.state !== CircuitState.Closed)
        .map(([endpoint]) => endpoint),
    reset: () => byEndpoint.clear(),
  };
};
