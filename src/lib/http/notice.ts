import {
  ApiError,
  HttpStatusError,
  TransportError,
  type Refusal,
} from './envelope.ts';

/** Toast life (spec §8, §9). */
export const NOTICE_TIMEOUT_MS = 3000;
/** Default texts of error notices, exported so the toast can translate them where it shows them. */
export const UNKNOWN_ERROR_DETAIL = 'Unknown error occurred';
export const ERROR_TITLE = 'Error';

/** What the request client hands to the toast hook (`onError`). */
export type ErrorNotice = {
  readonly type: 'warning' | 'error';
  readonly timeoutMs: number;
  readonly title: string;
  readonly detail: string;
  /**
   * For an HTTP status other than 200: its class (spec §8, generic client errors: "bad request
   * or response by status class"), so a toast can say it in the reader's language instead of
   * the server's English status text.
   */
  readonly statusClass?: StatusClass;
  /** With a cross-origin refusal: the address to open the site at, when the site named it. */
  readonly siteOrigin?: string;
};

/**
 * 4xx: the server refused the request; anything else (5xx, or an unexpected 1xx–3xx): the
 * answer is bad. A refusal the site named (the page's origin is not the site's) is its own class.
 */
export type StatusClass = 'bad-request' | 'bad-response' | Refusal;

export const statusClassOf = (status: number, refusal?: Refusal): StatusClass =>
  refusal ?? (status >= 400 && status < 500 ? 'bad-request' : 'bad-response');

/**
 * `true` skips every notice of the call; `{ codes }` skips only the warning for those ret_codes —
 * a ret_code missing from the list still shows its warning (spec §8).
 */
export type SkipErrorToast = boolean | { readonly codes: readonly number[] };

export type Translate = (id: string) => string | undefined;

/** Empty strings count as absent. */
const firstText = (
  ...texts: readonly (string | undefined)[]
): string | undefined =>
  texts.find((text) => text !== undefined && text !== '');

const isSkipped = (
  skip: SkipErrorToast | undefined,
  error: unknown,
): boolean => {
  if (skip === true) return true;
  if (!skip) return false;
  return error instanceof ApiError && skip.codes.includes(error.retCode);
};

/**
 * The notice a failed call shows, or undefined when it shows none (skipped, or aborted by the
 * caller — nobody waits for that answer any more).
 *
 * - ret_code ≠ 0: warning; title the code; detail errorCode.{code} translated, else ret_msg, else
 *   message, else the unknown-error text.
 * - HTTP status: error; title the status; detail the status text, else the unknown-error text;
 *   its status class beside them.
 * - network, timeout, malformed answer: error; title 'Error'; detail the error's short message
 *   (a malformed answer shows the unknown-error text: its message is for logs, not for people).
 */
export const errorNotice = (
  error: unknown,
  skip: SkipErrorToast | undefined,
  translate: Translate | undefined,
): ErrorNotice | undefined => {
  if (isSkipped(skip, error)) return undefined;
  if (error instanceof ApiError) {
    const { ret_code, ret_msg, message } = error.envelope;
    return {
      type: 'warning',
      timeoutMs: NOTICE_TIMEOUT_MS,
      title: String(ret_code),
      detail:
        firstText(translate?.(`errorCode.${ret_code}`), ret_msg, message) ??
        UNKNOWN_ERROR_DETAIL,
    };
  }
  if (error instanceof TransportError && error.kind === 'aborted')
    return undefined;
  const title =
    error instanceof HttpStatusError ? String(error.status) : ERROR_TITLE;
  const detail =
    error instanceof HttpStatusError || error instanceof TransportError
      ? error.message
      : undefined;
  return {
    type: 'error',
    timeoutMs: NOTICE_TIMEOUT_MS,
    title,
    detail: firstText(detail) ?? UNKNOWN_ERROR_DETAIL,
    ...(error instanceof HttpStatusError
      ? { statusClass: statusClassOf(error.status, error.refusal) }
      : {}),
    ...(error instanceof HttpStatusError && error.siteOrigin
      ? { siteOrigin: error.siteOrigin }
      : {}),
  };
};
