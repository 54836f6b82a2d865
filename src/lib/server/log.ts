/**
 * Structured logs: one JSON object per line on stdout (stderr for warn and error), with a
 * level threshold from LOG_LEVEL (debug, info, warn, error, silent; default info).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 100,
};

const threshold = (): number => {
  const wanted = (process.env.LOG_LEVEL ?? 'info').toLowerCase();
  return wanted in ORDER ? ORDER[wanted as LogLevel] : ORDER.info;
};
let minimum = threshold();

/** For tests: re-read LOG_LEVEL. */
export const reloadLogLevel = (): void => {
  minimum = threshold();
};

export const logEnabled = (level: LogLevel): boolean => ORDER[level] >= minimum;

export const log = (
  level: LogLevel,
  msg: string,
  fields: Record<string, unknown> = {},
): void => {
  if (ORDER[level] < minimum) return;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`;
  (level === 'warn' || level === 'error'
    ? process.stderr
    : process.stdout
  ).write(line);
};
