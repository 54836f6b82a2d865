/**
 * GET a JSON document from a service that is not the exchange API (translation bundles, the
 * build manifest, the public icon API): bounded in time (the caller's signal) and in size, the
 * body released on a bad status. Throws `HTTP <status>`, `answer larger than <n> characters`,
 * or the parser's SyntaxError; callers log the message and fall back.
 */
export const fetchJson = async (
  url: string,
  options: {
    readonly fetch?: typeof globalThis.fetch;
    readonly signal: AbortSignal;
    readonly maxChars: number;
  },
): Promise<unknown> => {
  const res = await (options.fetch ?? globalThis.fetch)(url, {
    signal: options.signal,
    headers: { accept: 'application/json' },
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status}`);
  }
  const text = await res.text();
  if (text.length > options.maxChars)
    throw new Error(`answer larger than ${options.maxChars} characters`);
  return JSON.parse(text) as unknown;
};
