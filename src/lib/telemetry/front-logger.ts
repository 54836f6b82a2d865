import { getHostSet, type EnvironmentInfo } from '../config/index.ts';

/**
 * The front logger (spec §7): the browser's warnings and errors worth a developer's attention,
 * sent to the environment's logging host — production and testnet each have their own; off in
 * development, where the console is the log.
 */
export const frontLoggerEndpoint = (env: EnvironmentInfo): string =>
  env.isDev ? '' : `https://${getHostSet(env).logging}/api/v1/front-log`;

export type FrontLogLevel = 'info' | 'warn' | 'error';
export type FrontLogEntry = {
  readonly level: FrontLogLevel;
  readonly message: string;
  readonly page: string;
  readonly time: number;
  readonly fields?: Readonly<Record<string, string | number | boolean>>;
};

/** At most this many lines per page life: a loop can never flood the logging host. */
export const FRONT_LOG_CAP = 50;

export const createFrontLogger = (deps: {
  readonly endpoint: string;
  readonly send: (endpoint: string, body: string) => boolean;
  readonly page: () => string;
  readonly now?: () => number;
}) => {
  let sent = 0;
  return (
    level: FrontLogLevel,
    message: string,
    fields?: FrontLogEntry['fields'],
  ): boolean => {
    if (!deps.endpoint || sent >= FRONT_LOG_CAP) return false;
    sent++;
    const entry: FrontLogEntry = {
      level,
      message: message.slice(0, 500),
      page: deps.page(),
      time: (deps.now ?? Date.now)(),
      ...(fields ? { fields } : {}),
    };
    return deps.send(deps.endpoint, JSON.stringify(entry));
  };
};
