/** Content-Encoding handling: we gunzip ourselves (never undici/fetch) so that broken gzip is observable. */
import { gunzip, gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { ClientError } from './exchange.ts';
import { classifyError, clientError } from './errors.ts';

const gunzipAsync = promisify(gunzip);

/** Small bodies are cheaper to inflate inline than via the libuv thread pool; big ones must not block the loop. */
const SYNC_GUNZIP_MAX_BYTES = 64 * 1024;

export function isGzipEncoding(contentEncoding: string | undefined): boolean {
  if (contentEncoding === undefined) return false;
  const value = contentEncoding.trim().toLowerCase();
  return value === 'gzip' || value === 'x-gzip';
}

export type DecodeResult = { body: Buffer; error?: undefined } | { body?: undefined; error: ClientError };

/**
 * Gunzips `raw`, refusing to produce more than `maxDecodedBytes` (gzip bombs).
 * An empty body is passed through: HEAD/204/304 answers legitimately carry the header without a body.
 */
export async function gunzipBounded(raw: Buffer, maxDecodedBytes: number): Promise<DecodeResult> {
  if (raw.length === 0) return { body: raw };
  const options = { maxOutputLength: maxDecodedBytes };
  try {
    const body = raw.length <= SYNC_GUNZIP_MAX_BYTES ? gunzipSync(raw, options) : await gunzipAsync(raw, options);
    return { body };
  } catch (err) {
    const classified = classifyError(err);
    if (classified.code === 'BODY_TOO_LARGE') {
      return { error: clientError('BODY_TOO_LARGE', `gzip body decodes to more than ${maxDecodedBytes} bytes`) };
    }
    return { error: clientError('BAD_GZIP', `invalid gzip body: ${classified.message}`) };
  }
}
