import { createHmac } from 'node:crypto';

/** HMAC-SHA256 of some bytes with a secret, base64 unless told (the exchange signature, the loyalty mac). */
export function signature(secret: string, data: Buffer | string, encoding: 'base64' | 'hex' = 'base64'): string {
  return createHmac('sha256', secret).update(data).digest(encoding);
}

/** Path and query of an absolute URL, as the request line carries it. */
export function pathWithQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
