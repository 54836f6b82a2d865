import { getHostSet, type EnvironmentInfo } from '../config/index.ts';

/**
 * Error reporting (spec §7): on only for production and testnet (host set
 * `errorReporting.enabled`), never in development or test environments.
 */
export const errorReportingEndpoint = (env: EnvironmentInfo): string => {
  const { errorReporting } = getHostSet(env);
  return errorReporting.enabled
    ? `https://${errorReporting.host}/api/v1/report`
    : '';
};

export type ErrorReport = {
  readonly message: string;
  readonly name: string;
  readonly stack?: string;
  readonly page: string;
  readonly url: string;
  readonly time: number;
  readonly release: string;
};

/** Reports per page life, and the same error is reported once. */
export const ERROR_REPORT_CAP = 10;

export const createErrorReporter = (deps: {
  readonly endpoint: string;
  readonly release: string;
  readonly send: (endpoint: string, body: string) => boolean;
  readonly where: () => { page: string; url: string };
  readonly now?: () => number;
}) => {
  const seen = new Set<string>();
  return (error: unknown): boolean => {
    if (!deps.endpoint || seen.size >= ERROR_REPORT_CAP) return false;
    const e =
      error instanceof Error
        ? error
        : new Error(typeof error === 'string' ? error : 'Non-error thrown');
    const key = `${e.name}:${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const report: ErrorReport = {
      message: e.message.slice(0, 1000),
      name: e.name.slice(0, 100),
      ...(e.stack ? { stack: e.stack.slice(0, 4000) } : {}),
      ...deps.where(),
      time: (deps.now ?? Date.now)(),
      release: deps.release,
    };
    return deps.send(deps.endpoint, JSON.stringify(report));
  };
};
