/**
 * Reading the live build id from latest.json (spec §7: polled with a timestamp query). The
 * file may be the plain `{ "id": … }` a deployment writes or the API envelope
 * `{ "ret_code": 0, "result": { "id": … } }` the sandbox serves; anything else is no answer.
 */
const BUILD_ID = /^[\w.-]{1,64}$/;

export const readBuildId = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const result = record.result;
  const id =
    typeof record.id === 'string'
      ? record.id
      : typeof result === 'object' && result !== null
        ? (result as Record<string, unknown>).id
        : undefined;
  return typeof id === 'string' && BUILD_ID.test(id) ? id : undefined;
};

export const latestBuildUrl = (now: number): string => `/latest.json?t=${now}`;
