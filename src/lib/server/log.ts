/**
 * Structured logs: one JSON object per line on stdout (stderr for warn and error), with a
 * level threshold from LOG_LEVEL (debug, info, warn, error, silent; default info).
 *
 * stdout lines (the access log: one per request) are written together once per turn of the
 * event loop, or at 64 KB: one write for many lines instead of one system call per request
 * (the access log is written for every answer, cached ones included: decision 0014). Warnings and errors go
 * out at once, after whatever was waiting, and nothing waiting is lost when the process exits.
 */
import { activeTraceIds } from './tracing.ts';

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

const FLUSH_AT = 64 * 1024;
let waiting = '';
let flushQueued = false;
const flush = (): void => {
  flushQueued = false;
  if (!waiting) return;
  const out = waiting;
  waiting = '';
  process.stdout.write(out);
};
process.on('exit', flush);

export const log = (
  level: LogLevel,
  msg: string,
  fields: Record<string, unknown> = {},
): void => {
  if (ORDER[level] < minimum) return;
  // with tracing on, the line names the trace and span it was written in (issue 43)
  const ids = activeTraceIds();
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields, ...ids })}\n`;
  if (level === 'warn' || level === 'error') {
    flush();
    process.stderr.write(line);
    return;
  }
  waiting += line;
  if (waiting.length >= FLUSH_AT) flush();
  else if (!flushQueued) {
    flushQueued = true;
    setImmediate(flush);
  }
};
