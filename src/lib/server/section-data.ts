import 'server-only';

import { SERVER_RETRY } from '../http/index.ts';
import { RETRY_AFTER_SECONDS } from '../page-status.ts';
import { log } from './log.ts';
import {
  findRequestContext,
  holdSection,
  markSectionFellBack,
  setResponseStatus,
} from './request-context.ts';

/**
 * How long a section waits for its data before it shows its notice (decision 0030): the
 * server's whole API budget (SERVER_RETRY), far below the 15 s transport timeout.
 */
export const SECTION_BUDGET_MS = SERVER_RETRY.budgetMs;

export type SectionData<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly reason: 'failed' | 'timeout';
      readonly error?: unknown;
    };

/**
 * Starts a section's data now, within its budget, as a promise that never rejects: its value,
 * or why there is none (the load failed or was malformed, or the budget ran out first). A page
 * calls it when it is called itself, before the layout around it renders, and hands the promise
 * to its `Section`: the API call then runs while the redirect rule, the layout and the rest of
 * the page render, so the section arrives one render after its data (decision 0030).
 */
export const sectionData = <T>(
  load: () => Promise<T>,
  budgetMs: number = SECTION_BUDGET_MS,
): Promise<SectionData<T>> =>
  new Promise((settle) => {
    // while it waits, the page's shell is sent as soon as it is written (compress)
    const release = holdSection();
    const resolve = (settled: SectionData<T>) => {
      release();
      settle(settled);
    };
    const timer = setTimeout(() => {
      resolve({ ok: false, reason: 'timeout' });
    }, budgetMs);
    let data: Promise<T>;
    try {
      data = load();
    } catch (error) {
      data = Promise.reject(
        error instanceof Error ? error : new Error(String(error)),
      );
    }
    data.then(
      (value) => {
        clearTimeout(timer);
        resolve({ ok: true, value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ ok: false, reason: 'failed', error });
      },
    );
  });

/**
 * A section of the page being rendered shows its notice: the render is marked so no store keeps
 * it as good, and logged. A crawler waits for the whole document, so its status is still open:
 * when the section is the page's essential data, it must see a 503 with Retry-After, never a 200.
 */
export const sectionFellBack = (
  settled: Extract<SectionData<unknown>, { ok: false }>,
  essential: boolean,
): void => {
  const context = findRequestContext();
  markSectionFellBack();
  if (essential && context?.isBot)
    setResponseStatus(503, 'Service Unavailable', RETRY_AFTER_SECONDS);
  log('warn', 'section fell back', {
    requestId: context?.requestId,
    path: context?.path,
    reason: settled.reason,
    ...(settled.reason === 'failed'
      ? {
          error:
            settled.error instanceof Error
              ? `${settled.error.name}: ${settled.error.message}`
              : String(settled.error),
        }
      : {}),
  });
};
