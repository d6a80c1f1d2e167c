/** Turns an OutgoingRequest into the exact bytes and headers that go on the wire. */
import { gzipSync } from 'node:zlib';
import type { CapturedRequest, OutgoingRequest } from './http-exchange.ts';
import { findHeaderName } from './headers.ts';

/**
 * Throws (TypeError/RangeError) on caller mistakes such as un-serialisable JSON; the client maps that to REQUEST_ERROR.
 */
export function prepareRequest(request: OutgoingRequest): CapturedRequest {
  if (request.body !== undefined && request.json !== undefined) {
    throw new TypeError('request has both body and json');
  }
  const given = request.headers ?? {};
  let headers = given;
  // Copy-on-write: the common case (no headers to add) keeps the caller's object.
  const addHeader = (name: string, value: string): void => {
    if (findHeaderName(headers, name) !== undefined) return;
    if (headers === given) headers = { ...given };
    headers[name] = value;
  };

  let plain: Buffer | undefined;
  if (request.json !== undefined) {
    const serialised = JSON.stringify(request.json);
    // JSON.stringify returns undefined for functions/symbols: a caller mistake, not an empty body.
    if (serialised === undefined) throw new TypeError('json value is not serialisable');
    plain = Buffer.from(serialised, 'utf8');
    addHeader('content-type', 'application/json');
  } else if (request.body !== undefined) {
    plain = toBuffer(request.body);
  }

  if (plain === undefined) return { method: request.method, url: request.url, headers };
  if (!request.gzipBody) return { method: request.method, url: request.url, headers, body: plain };
  addHeader('content-encoding', 'gzip');
  return { method: request.method, url: request.url, headers, body: gzipSync(plain), plainBody: plain };
}

function toBuffer(body: string | Uint8Array): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
