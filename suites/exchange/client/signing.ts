/** Header names of a signed request; settings of the section (the document names the first two). */
export interface SigningHeaders {
  key: string;
  sign: string;
  timestamp: string;
  passphrase: string;
}

export const defaultSigningHeaders: SigningHeaders = {
  key: 'EX-ACCESS-KEY',
  sign: 'EX-ACCESS-SIGN',
  timestamp: 'EX-ACCESS-TIMESTAMP',
  passphrase: 'EX-ACCESS-PASSPHRASE',
};

/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T20:45:00.123Z. */
export function signingTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/**
 * The default pre-hash string: timestamp + method + request path with query + raw body bytes. The method
 * goes in as given: callers pass it upper-case, so a lower-case one makes a different (wrong) signature.
 */
export function preHash(timestamp: string, method: string, pathWithQuery: string, body: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(`${timestamp}${method}${pathWithQuery}`, 'utf8'),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
  ]);
}

/**
 * Which path the pre-hash carries: from the API root (`/api/v5/...`, as real clients sign) or the request line's whole
 * path.
 */
export type SigningPathFrom = 'api-root' | 'as-sent';

/**
 * The path (with query) a request to `requestPath` is signed over. `requestPath` is the path of the request
 * line; from the API root, the base URL's own path (a gateway's prefix) is left out.
 */
export function signedPath(requestPath: string, baseUrl: string, pathFrom: SigningPathFrom): string {
  if (pathFrom === 'as-sent') return requestPath;
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return basePath && requestPath.startsWith(`${basePath}/`) ? requestPath.slice(basePath.length) : requestPath;
}
