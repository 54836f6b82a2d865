import { SANDBOX_CODES, type SandboxCode } from './codes.ts';

export type Envelope = {
  ret_code: number;
  ret_msg: string;
  message: string;
  result: unknown;
};

export const ok = (result: unknown): Envelope => ({
  ret_code: 0,
  ret_msg: 'OK',
  message: '',
  result,
});

export const fail = (code: SandboxCode): Envelope => {
  const [ret_code, ret_msg] = SANDBOX_CODES[code];
  return { ret_code, ret_msg, message: ret_msg, result: null };
};

/**
 * A failure the handlers throw; the server turns it into its envelope (with Retry-After when
 * `retryAfterSeconds` is given: a 429 says when to come back).
 */
export class SandboxError extends Error {
  readonly code: SandboxCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  constructor(code: SandboxCode, status = 200, retryAfterSeconds?: number) {
    super(SANDBOX_CODES[code][1]);
    this.name = 'SandboxError';
    this.code = code;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An answer: a string as plain text, anything else as JSON; never cached. */
export const send = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      'content-type':
        typeof body === 'string'
          ? 'text/plain; charset=utf-8'
          : 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
      ...headers,
    },
  });
};
