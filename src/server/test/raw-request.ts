import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An HTTP request with the path sent exactly as written: fetch() and browsers resolve `.`, `..`,
 * `%2e` and backslashes before sending, but a hostile client need not.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    body?: unknown;
    headers?: Record<string, string>;
    /** An endless answer (an event stream): resolve with its first chunk, then hang up. */
    firstChunkOnly?: boolean;
  } = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const data = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...(data === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) }),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (options.firstChunkOnly) {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
            req.destroy();
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
