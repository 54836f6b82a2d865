/** Dates from the API (ISO 8601, UTC) in the reader's locale, always with the time zone shown. */
const cache = new Map<string, Intl.DateTimeFormat>();

const formatter = (
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
    cache.set(key, f);
  }
  return f;
};

const parse = (iso: string): Date | undefined => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : new Date(time);
};

export const formatDate = (iso: string, locale: string): string => {
  const date = parse(iso);
  return date ? formatter(locale, { dateStyle: 'medium' }).format(date) : '—';
};

export const formatDateTime = (iso: string, locale: string): string => {
  const date = parse(iso);
  return date
    ? formatter(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(date)
    : '—';
};

/** A range such as 'Nov 1 – 8, 2026' in the locale's own form. */
export const formatDateRange = (
  fromIso: string,
  toIso: string,
  locale: string,
): string => {
  const from = parse(fromIso);
  const to = parse(toIso);
  if (!from || !to) return '—';
  return formatter(locale, { dateStyle: 'medium' }).formatRange(from, to);
};

/** The current time for server components (each renders once per request). */
export const requestTime = (): number => Date.now();
