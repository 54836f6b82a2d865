/**
 * Runs in a worker: makes the page language's first number and date formatters, then ends. The
 * browser loads ICU's formatting data for the whole renderer process on a page's first
 * formatter (30–90 ms of one thread on this machine, decision 0024), so once this worker has
 * made one, the page's own first formatter on the main thread costs a fraction of a millisecond.
 */
// the page's language (the worker's name), else the browser's
const locale = self.name || undefined;
try {
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(1234.5);
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(0);
} catch {
  // an unknown language tag: the page's formatters fall back as they would without this
}
self.close();
