import { createFetch } from 'ofetch';
import type * as v from 'valibot';

import { HTTP_TIMEOUT_MS } from '../config/constants.ts';
import {
  responseCacheKey,
  type CacheFill,
  type Query,
  type ResponseCache,
} from './cache.ts';
import type { Circuits } from './circuit.ts';
import {
  decodeJson,
  HttpStatusError,
  parseResult,
  readEnvelope,
  REFUSAL_HEADER,
  SITE_ORIGIN_HEADER,
  siteOriginOf,
  refusalOf,
  SchemaError,
  TransportError,
  type ResultSchema,
} from './envelope.ts';
import {
  errorNotice,
  type ErrorNotice,
  type SkipErrorToast,
  type Translate,
} from './notice.ts';
import {
  observeApiCall,
  statusOutcome,
  type ApiCallOutcome,
} from './observe.ts';

/** Platform header values (spec §7), detected from the user agent by the caller. */
export type Platform = 'pc' | 'h5' | 'android' | 'ios';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A JSON request body: a plain object or an array. */
export type JsonBody = Readonly<Record<string, unknown>> | readonly unknown[];

export type RetryPolicy = {
  /** The whole call, every attempt and every wait included, never takes longer than this. */
  readonly budgetMs: number;
  /** Attempts in all, the first one included (1 = no retry). */
  readonly maxAttempts: number;
  /** First backoff step; each later step doubles (with jitter). Default 200 ms. */
  readonly baseDelayMs?: number;
};

/** Spec §7 and §9: the browser's defaults. */
export const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
export const CLIENT_RETRY: RetryPolicy = {
  budgetMs: HTTP_TIMEOUT_MS,
  maxAttempts: 3,
};
/** The server's: a slow API can never hold a page for 15 s (DESIGN decision 8). */
export const SERVER_TIMEOUT_MS = 2500;
export const SERVER_RETRY: RetryPolicy = { budgetMs: 2500, maxAttempts: 3 };
/** Answers worth another try (spec §9), for idempotent calls only. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);

const DEFAULT_BASE_DELAY_MS = 200;
const MAX_BACKOFF_MS = 4000;
/** A retry is started only when at least this much of the budget is left after the wait. */
const MIN_ATTEMPT_MS = 100;

export type RequestClientOptions = {
  /** Default '' (same origin, spec §7). */
  readonly baseURL?: string;
  /** Sent as the `Lang` header. */
  readonly lang: string;
  /** Sent as the `Platform` header. */
  readonly platform: Platform;
  /** One attempt's limit. Default 15000. */
  readonly timeoutMs?: number;
  /** Default CLIENT_RETRY; the server passes SERVER_RETRY. */
  readonly retry?: RetryPolicy;
  /** Extra headers on every call, e.g. the visitor's Cookie forwarded on the server. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof globalThis.fetch;
  /** The toast hook: the client build shows the notice, the server passes nothing. */
  readonly onError?: (notice: ErrorNotice) => void;
  /** Looks up `errorCode.{ret_code}` for warning notices; '' or undefined means no translation. */
  readonly translate?: Translate;
  /** Store of `static` calls; without one, `static` and `renew` are plain calls. */
  readonly cache?: ResponseCache;
  /** Answers larger than this are refused as malformed (default 2 MiB): no page parses 100 MB. */
  readonly maxResponseBytes?: number;
  /** A circuit per endpoint (circuit.ts): the server's calls stop waiting on a failing endpoint. */
  readonly circuits?: Circuits;
};

export type RequestOptions<S extends ResultSchema> = {
  /** Default 'GET'. Only GET is retried. */
  readonly method?: HttpMethod;
  readonly query?: Query;
  readonly body?: JsonBody;
  /** The endpoint's schema for `result`. */
  readonly schema: S;
  readonly skipErrorToast?: SkipErrorToast;
  readonly signal?: AbortSignal;
};

export type GetOptions<S extends ResultSchema> = Omit<
  RequestOptions<S>,
  'method' | 'body'
>;
export type PostOptions<S extends ResultSchema> = Omit<
  RequestOptions<S>,
  'method'
>;

type Call = <S extends ResultSchema>(
  path: string,
  options: RequestOptions<S>,
) => Promise<v.InferOutput<S>>;

export type RequestClient = {
  /**
   * One call: resolves with the schema-checked `result` when ret_code is 0. Rejects with ApiError
   * (ret_code ≠ 0), HttpStatusError (status ≠ 200), TransportError (network, timeout, aborted) or
   * SchemaError, after handing the matching notice to `onError`.
   */
  readonly request: Call;
  readonly get: <S extends ResultSchema>(
    path: string,
    options: GetOptions<S>,
  ) => Promise<v.InferOutput<S>>;
  readonly post: <S extends ResultSchema>(
    path: string,
    options: PostOptions<S>,
  ) => Promise<v.InferOutput<S>>;
  /**
   * Read through the cache, keyed by URL, method, query and body (and base URL, Lang, Platform).
   * For public data only: the key never includes the cookie.
   */
  readonly static: Call;
  /** Like `static` but always asks the API, then refreshes the cached entry. */
  readonly renew: Call;
};

/** Parsed results of cached values, by cached value and schema (see `parseCached`). */
const parsedResults = new WeakMap<object, WeakMap<ResultSchema, unknown>>();

/** Freezes a parsed result and everything in it: readers share it. */
const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
};

/**
 * A cached value's result, checked with `schema` once per cached value and shared, frozen, by
 * every reader with the same schema until the entry is replaced (a page render asks for the same
 * lists on every request). Readers with other schemas get their own output.
 */
const parseCached = <S extends ResultSchema>(
  schema: S,
  value: unknown,
  endpoint: string,
): v.InferOutput<S> => {
  if (value === null || typeof value !== 'object')
    return parseResult(schema, value, endpoint);
  let bySchema = parsedResults.get(value);
  if (!bySchema) {
    bySchema = new WeakMap();
    parsedResults.set(value, bySchema);
  }
  if (bySchema.has(schema)) return bySchema.get(schema);
  const output = deepFreeze(parseResult(schema, value, endpoint));
  bySchema.set(schema, output);
  return output;
};

/** What goes on the wire for one call. */
type Transfer = {
  readonly method: HttpMethod;
  readonly query: Query | undefined;
  readonly body: JsonBody | undefined;
  readonly signal: AbortSignal | undefined;
};

/** Waits `ms`, or less when `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3). */
const parseRetryAfter = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
};

/** Exponential backoff with jitter: half the step fixed, half random. */
const backoff = (attempt: number, baseDelayMs: number): number => {
  const step = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** (attempt - 1));
  return step / 2 + (Math.random() * step) / 2;
};

const isRetryable = (error: unknown): boolean =>
  (error instanceof HttpStatusError && RETRY_STATUSES.has(error.status)) ||
  (error instanceof TransportError && error.kind === 'network');

/**
 * The shared request client (spec §7): the only door to the API, for server components and client
 * widgets alike. Every call sends cookies, `Lang` and `Platform`, checks the envelope and the result
 * with valibot, and stays within one time budget however many attempts it makes.
 */
export const createRequestClient = (
  options: RequestClientOptions,
): RequestClient => {
  const {
    baseURL = '',
    lang,
    platform,
    timeoutMs = HTTP_TIMEOUT_MS,
    retry = CLIENT_RETRY,
    onError,
    translate,
    cache,
    maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
    circuits,
  } = options;
  const $fetch = createFetch({
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Lang', lang);
  headers.set('Platform', platform);
  const vary = [baseURL, lang, platform];

  /** One attempt, limited to `limitMs`; any failure to get an answer becomes a TransportError. */
  const attemptOnce = async (
    path: string,
    { method, query, body, signal }: Transfer,
    limitMs: number,
    endpoint: string,
  ): Promise<CacheFill> => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs);
    const abort = (): void => controller.abort();
    signal?.addEventListener('abort', abort, { once: true });
    let response;
    try {
      if (signal?.aborted) throw signal.reason;
      response = await $fetch.raw<string, 'text'>(path, {
        baseURL,
        method,
        headers,
        credentials: 'include',
        responseType: 'text',
        retry: false, // the retries are fetchResult's: ofetch's cannot keep the budget (decision 0017)
        ignoreResponseError: true,
        signal: controller.signal,
        ...(query ? { query } : {}),
        // ofetch types a JSON body as a mutable record; it only reads it (JSON.stringify).
        ...(body ? { body: body as Record<string, unknown> } : {}),
      });
    } catch (cause) {
      const kind = signal?.aborted
        ? 'aborted'
        : timedOut
          ? 'timeout'
          : 'network';
      throw new TransportError(kind, endpoint, { cause });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
    if (response.status !== 200) {
      throw new HttpStatusError(
        response.status,
        response.statusText,
        endpoint,
        parseRetryAfter(response.headers.get('retry-after')),
        refusalOf(response.headers.get(REFUSAL_HEADER)),
        siteOriginOf(response.headers.get(SITE_ORIGIN_HEADER)),
      );
    }
    const text = response._data;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxResponseBytes || (text?.length ?? 0) > maxResponseBytes) {
      throw new SchemaError(
        'envelope',
        endpoint,
        '',
        `at most ${maxResponseBytes} bytes`,
      );
    }
    const envelope = readEnvelope(decodeJson(text, endpoint), endpoint);
    return { value: envelope.result, bytes: text?.length ?? 0 };
  };

  /** One attempt, its duration and outcome reported to the server's metrics (observe.ts). */
  const attempt = async (
    path: string,
    transfer: Transfer,
    limitMs: number,
    endpoint: string,
  ): Promise<CacheFill> => {
    const started = performance.now();
    const report = (outcome: ApiCallOutcome) =>
      observeApiCall({
        method: transfer.method,
        path,
        seconds: (performance.now() - started) / 1000,
        outcome,
      });
    try {
      const fill = await attemptOnce(path, transfer, limitMs, endpoint);
      report('ok');
      return fill;
    } catch (error) {
      report(
        error instanceof TransportError
          ? error.kind
          : error instanceof HttpStatusError
            ? statusOutcome(error.status)
            : 'invalid',
      );
      throw error;
    }
  };

  /**
   * Attempts (retrying GETs on RETRY_STATUSES and network errors) within the time budget: a wait
   * the budget cannot hold is not started, and an abort ends a wait at once (decision 0017).
   */
  const attempts = async (
    path: string,
    transfer: Transfer,
    endpoint: string,
  ): Promise<CacheFill> => {
    const deadline = performance.now() + retry.budgetMs;
    const maxAttempts = transfer.method === 'GET' ? retry.maxAttempts : 1;
    for (let attemptNo = 1; ; attemptNo += 1) {
      const left = deadline - performance.now();
      try {
        return await attempt(
          path,
          transfer,
          Math.min(timeoutMs, left),
          endpoint,
        );
      } catch (error) {
        if (attemptNo >= maxAttempts || !isRetryable(error)) throw error;
        const retryAfterMs =
          error instanceof HttpStatusError ? error.retryAfterMs : undefined;
        const wait = Math.max(
          backoff(attemptNo, retry.baseDelayMs ?? DEFAULT_BASE_DELAY_MS),
          retryAfterMs ?? 0,
        );
        if (performance.now() + wait + MIN_ATTEMPT_MS > deadline) throw error;
        await sleep(wait, transfer.signal); // an abort ends the wait; the next attempt sees it
      }
    }
  };

  /** The call's attempts through its endpoint's circuit, when there are circuits; a refusal is reported. */
  const fetchResult = (
    path: string,
    transfer: Transfer,
    endpoint: string,
  ): Promise<CacheFill> => {
    if (!circuits) return attempts(path, transfer, endpoint);
    return circuits
      .run(`${transfer.method} ${baseURL}${path}`, () =>
        attempts(path, transfer, endpoint),
      )
      .catch((error: unknown) => {
        if (error instanceof TransportError && error.kind === 'circuit-open')
          observeApiCall({
            method: transfer.method,
            path,
            seconds: 0,
            outcome: 'circuit-open',
          });
        throw error;
      });
  };

  /** Runs a call, hands its failure's notice to the toast hook, and rethrows. */
  const notifying = async <T>(
    run: () => Promise<T>,
    skipErrorToast: SkipErrorToast | undefined,
  ): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const notice = onError && errorNotice(error, skipErrorToast, translate);
      if (onError && notice) {
        try {
          onError(notice);
        } catch {
          // A failing toast must not change how the call ends.
        }
      }
      throw error;
    }
  };

  const request: Call = (
    path,
    { method = 'GET', query, body, schema, signal, skipErrorToast },
  ) => {
    const endpoint = `${method} ${path}`;
    return notifying(async () => {
      const { value } = await fetchResult(
        path,
        { method, query, body, signal },
        endpoint,
      );
      return parseResult(schema, value, endpoint);
    }, skipErrorToast);
  };

  const cached =
    (mode: 'get' | 'refresh'): Call =>
    (path, callOptions) => {
      if (!cache) return request(path, callOptions);
      const {
        method = 'GET',
        query,
        body,
        schema,
        signal,
        skipErrorToast,
      } = callOptions;
      const endpoint = `${method} ${path}`;
      const key = responseCacheKey({ method, url: path, query, body, vary });
      // The shared load is nobody's own: it runs without any one caller's signal, and each caller
      // stops waiting when its own signal aborts.
      const load = async (): Promise<CacheFill> => {
        const fill = await fetchResult(
          path,
          { method, query, body, signal: undefined },
          endpoint,
        );
        parseCached(schema, fill.value, endpoint); // a malformed result is a failure: never stored
        return fill;
      };
      return notifying(async () => {
        const value = await abandonable(
          cache[mode](key, load),
          signal,
          endpoint,
        );
        return parseCached(schema, value, endpoint);
      }, skipErrorToast);
    };

  return {
    request,
    get: (path, callOptions) =>
      request(path, { ...callOptions, method: 'GET' }),
    post: (path, callOptions) =>
      request(path, { ...callOptions, method: 'POST' }),
    static: cached('get'),
    renew: cached('refresh'),
  };
};

/** Waits for a shared promise unless `signal` aborts first (the shared work goes on). */
const abandonable = <T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  endpoint: string,
): Promise<T> => {
  if (!signal) return promise;
  if (signal.aborted)
    return Promise.reject(new TransportError('aborted', endpoint));
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(new TransportError('aborted', endpoint));
    signal.addEventListener('abort', abort, { once: true });
    promise
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', abort));
  });
};
