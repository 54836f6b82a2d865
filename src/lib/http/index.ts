export { createResponseCache } from './cache.ts';
export { createCircuits, SERVER_CIRCUIT } from './circuit.ts';
export {
  createRequestClient,
  SERVER_RETRY,
  SERVER_TIMEOUT_MS,
  type RequestClient,
  type RequestClientOptions,
} from './client.ts';
export { ApiError, HttpStatusError, unlessMissing } from './envelope.ts';
export { load } from './load.ts';
export { NOT_LOGGED_IN } from './ret-codes.ts';
export {
  ERROR_TITLE,
  UNKNOWN_ERROR_DETAIL,
  type ErrorNotice,
} from './notice.ts';
