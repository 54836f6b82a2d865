/**
 * Thrown by a page's loader when the page cannot be shown with its status 200: a launchpad
 * project that is gone (410), essential data unavailable (503 with Retry-After).
 */
export class PageStatusError extends Error {
  readonly code = 'PAGE_STATUS';
  readonly status: number;
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, retryAfter?: number) {
    super(message);
    this.name = 'PageStatusError';
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** What a 503 tells crawlers and clients to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * Essential data: without it the page has nothing to show, so a failed load is a 503 with
 * Retry-After (never a 200 with an empty page).
 */
export const essential = async <T>(load: () => Promise<T>): Promise<T> => {
  try {
    return await load();
  } catch {
    throw new PageStatusError(503, 'Service Unavailable', RETRY_AFTER_SECONDS);
  }
};
