import { request, type Agent } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  /** The body, decoded from br or gzip when it came so. */
  body: string;
};

/**
 * One GET on loopback with its target exactly as written: fetch (and `new URL`) would clean
 * slashes, dot segments and backslashes first, and the tests of spellings need them sent as they
 * are.
 */
export const rawGet = (options: {
  port: number;
  target: string;
  headers?: Record<string, string>;
  agent?: Agent;
}): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.target,
        headers: options.headers ?? {},
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw;
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([k, v]) => [k, String(v)]),
            ),
            body: body.toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
