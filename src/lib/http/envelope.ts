import * as v from 'valibot';

/**
 * Every API answer is this envelope (spec §3, DESIGN decision 6). `ret_code` 0 means success and
 * `result` carries the payload, which is then checked with the endpoint's own schema.
 */
export const envelopeSchema = v.object({
  ret_code: v.number(),
  ret_msg: v.string(),
  message: v.optional(v.string()),
  result: v.optional(v.nullable(v.unknown())),
});

export type Envelope = v.InferOutput<typeof envelopeSchema>;

/** The schema an endpoint gives for its `result` (synchronous valibot schemas only). */
export type ResultSchema = v.GenericSchema<unknown, unknown>;

/** A call that failed, naming the endpoint it was made to. */
abstract class EndpointError extends Error {
  readonly endpoint: string;

  constructor(message: string, endpoint: string, options?: ErrorOptions) {
    super(message, options);
    this.endpoint = endpoint;
  }
}

/** The answer's envelope says `ret_code` ≠ 0. The call is rejected with this, carrying the envelope. */
export class ApiError extends EndpointError {
  override readonly name = 'ApiError';
  readonly code = 'API_ERROR';
  readonly retCode: number;
  readonly envelope: Envelope;

  constructor(envelope: Envelope, endpoint: string) {
    super(
      envelope.ret_msg || envelope.message || `ret_code ${envelope.ret_code}`,
      endpoint,
    );
    this.retCode = envelope.ret_code;
    this.envelope = envelope;
  }
}

/**
 * A read by key (a ticket, an envelope code, a project): its answer, or undefined when the API
 * answers `missing` (the key names nothing). Any other failure is rethrown.
 */
export const unlessMissing = async <T>(
  read: Promise<T>,
  missing: number | readonly number[],
): Promise<T | undefined> => {
  try {
    return await read;
  } catch (error) {
    if (
      error instanceof ApiError &&
      (typeof missing === 'number'
        ? error.retCode === missing
        : missing.includes(error.retCode))
    )
      return undefined;
    throw error;
  }
};

/**
 * A header the site's own refusals carry to say what was refused (`cross-origin`: the page's
 * origin is not the site's), so a client can say it instead of a generic status text.
 */
export const REFUSAL_HEADER = 'x-refused';
export type Refusal = 'cross-origin';
export const refusalOf = (
  value: string | null | undefined,
): Refusal | undefined => (value === 'cross-origin' ? value : undefined);

/** Beside a cross-origin refusal: the address the site takes requests from. */
export const SITE_ORIGIN_HEADER = 'x-site-origin';
/** The header's value when it is an http(s) origin, else nothing. */
export const siteOriginOf = (
  value: string | null | undefined,
): string | undefined => {
  if (!value || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.origin === value
    ? url.origin
    : undefined;
};

/** The API answered with an HTTP status other than 200. */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  readonly code = 'HTTP_STATUS_ERROR';
  readonly status: number;
  readonly endpoint: string;
  /** The answer's Retry-After, in milliseconds from now, when it had one. */
  readonly retryAfterMs: number | undefined;
  /** What the site said it refused (REFUSAL_HEADER), when it said. */
  readonly refusal: Refusal | undefined;
  /** With a cross-origin refusal: the origin the site takes requests from, when it said. */
  readonly siteOrigin: string | undefined;

  constructor(
    status: number,
    statusText: string,
    endpoint: string,
    retryAfterMs?: number,
    refusal?: Refusal,
    siteOrigin?: string,
  ) {
    super(statusText || `HTTP ${status}`);
    this.status = status;
    this.endpoint = endpoint;
    this.retryAfterMs = retryAfterMs;
    this.refusal = refusal;
    this.siteOrigin = siteOrigin;
  }
}

/** `circuit-open`: not sent, the endpoint's circuit is open (circuit.ts: it has been failing). */
export type TransportErrorKind =
  'network' | 'timeout' | 'aborted' | 'circuit-open';

const transportMessages: Record<TransportErrorKind, string> = {
  network: 'Network error',
  timeout: 'Timeout exceeded',
  aborted: 'Request aborted',
  'circuit-open': 'Not sent: the endpoint is failing (circuit open)',
};

/** No answer at all: the network failed, the time ran out, or the caller aborted (spec §8). */
export class TransportError extends EndpointError {
  override readonly name = 'TransportError';
  readonly code = 'TRANSPORT_ERROR';
  readonly kind: TransportErrorKind;

  constructor(
    kind: TransportErrorKind,
    endpoint: string,
    options?: ErrorOptions,
  ) {
    super(transportMessages[kind], endpoint, options);
    this.kind = kind;
  }
}

/** Which part of the answer was malformed: the body is not JSON, the envelope, or the result. */
export type SchemaErrorPart = 'json' | 'envelope' | 'result';

/**
 * The answer did not have the agreed shape. The message names the endpoint and the first issue's
 * path (and what the schema expected there), never the received data: answers can hold personal data
 * and error messages end up in logs.
 */
export class SchemaError extends EndpointError {
  override readonly name = 'SchemaError';
  readonly code = 'SCHEMA_ERROR';
  readonly part: SchemaErrorPart;
  /** Dot path of the first issue, from the envelope's root (`result.items.0.price`); '' for the root. */
  readonly path: string;

  constructor(
    part: SchemaErrorPart,
    endpoint: string,
    path = '',
    expected?: string | null,
  ) {
    const where =
      part === 'json' ? 'body is not JSON' : `at ${path || '(root)'}`;
    const what = expected ? ` (expected ${expected})` : '';
    super(
      `Malformed ${part === 'result' ? 'result' : 'envelope'} from ${endpoint}: ${where}${what}`,
      endpoint,
    );
    this.part = part;
    this.path = path;
  }
}

const schemaError = (
  part: 'envelope' | 'result',
  endpoint: string,
  issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]],
): SchemaError => {
  const [issue] = issues;
  const path = v.getDotPath(issue) ?? '';
  const fullPath =
    part === 'result' ? (path ? `result.${path}` : 'result') : path;
  return new SchemaError(part, endpoint, fullPath, issue.expected);
};

/** Checks the envelope: returns it when `ret_code` is 0, throws ApiError otherwise, SchemaError when malformed. */
export const readEnvelope = (json: unknown, endpoint: string): Envelope => {
  const parsed = v.safeParse(envelopeSchema, json);
  if (!parsed.success) throw schemaError('envelope', endpoint, parsed.issues);
  if (parsed.output.ret_code !== 0) throw new ApiError(parsed.output, endpoint);
  return parsed.output;
};

/** Checks a `result` with the endpoint's schema; SchemaError names the first issue's path. */
export const parseResult = <S extends ResultSchema>(
  schema: S,
  result: unknown,
  endpoint: string,
): v.InferOutput<S> => {
  // the first issue is enough to reject; collecting every issue of a huge bad result is slow
  const parsed = v.safeParse(schema, result, { abortEarly: true });
  if (!parsed.success) throw schemaError('result', endpoint, parsed.issues);
  return parsed.output;
};

/**
 * The whole check of a decoded answer: envelope, then `ret_code`, then the result.
 * @throws SchemaError when either shape is wrong, ApiError when `ret_code` ≠ 0.
 */
export const parseEnvelope = <S extends ResultSchema>(
  json: unknown,
  resultSchema: S,
  endpoint: string,
): v.InferOutput<S> =>
  parseResult(resultSchema, readEnvelope(json, endpoint).result, endpoint);

/** Decodes a body as JSON; SchemaError (part 'json') when it is not. */
export const decodeJson = (
  text: string | undefined,
  endpoint: string,
): unknown => {
  if (text === undefined || text === '')
    throw new SchemaError('json', endpoint);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SchemaError('json', endpoint);
  }
};
