/**
 * Loads the browser's formatting data on a worker thread instead of the main thread (see
 * intl-warm.worker.ts): started once, right after hydration begins, long before the page's first
 * figures are formatted in the browser. Nothing depends on it: without workers, or if the
 * worker fails, the first formatter simply pays the cost itself.
 */
export const warmIntlOffMainThread = (locale: string): void => {
  if (typeof Worker !== 'function') return;
  try {
    const worker = new Worker(
      new URL('./intl-warm.worker.ts', import.meta.url),
      { type: 'module', name: locale },
    );
    worker.addEventListener('error', () => worker.terminate());
  } catch {
    // refused (a policy or a browser without module workers): nothing is lost
  }
};
