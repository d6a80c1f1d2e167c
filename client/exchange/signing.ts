import { createHmac } from 'node:crypto';

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
  return Buffer.concat([Buffer.from(`${timestamp}${method}${pathWithQuery}`, 'utf8'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
}

/** Base64 of HMAC-SHA256 of the pre-hash with the secret. */
export function signature(secret: string, prehash: Buffer): string {
  return createHmac('sha256', secret).update(prehash).digest('base64');
}

/** Path and query of an absolute URL, as the request line carries it. */
export function pathWithQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
