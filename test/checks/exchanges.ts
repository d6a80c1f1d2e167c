import { gzipSync } from 'node:zlib';
import { type ClientError, type Exchange, LazyResponse } from '../../client/http-exchange.ts';

let nextId = 1;

export interface ResponseSpec {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Store the body gzipped on the wire (rawBody) and decoded in body, as the client does. */
  gzip?: boolean;
}

/** A synthetic exchange as the client would capture it. */
export function exchange(
  response: ResponseSpec = {},
  request: { method?: string; url?: string; headers?: Record<string, string> } = {},
): Exchange {
  const body = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body ?? '', 'utf8');
  const headers = { ...(response.headers ?? {}) };
  let captured: LazyResponse;
  if (response.gzip) {
    headers['content-encoding'] = 'gzip';
    captured = new LazyResponse(response.status ?? 200, headers, gzipSync(body), 'gzip');
    captured.body = body;
  } else {
    captured = new LazyResponse(response.status ?? 200, headers, body);
  }
  return {
    id: nextId++,
    request: {
      method: request.method ?? 'POST',
      url: request.url ?? 'http://127.0.0.1:1/billing/commerce/charges',
      headers: request.headers ?? {},
    },
    response: captured,
    startedAt: 1_700_000_000_000,
    durationMs: 3,
  };
}

export function jsonExchange(status: number, json: unknown, headers: Record<string, string> = {}): Exchange {
  return exchange({ status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(json) });
}

/** An exchange that failed on the client side; `withResponse` keeps a status line (as for BAD_GZIP). */
export function failedExchange(code: ClientError['code'], withResponse = false): Exchange {
  const base = exchange({ status: 200, headers: { 'content-encoding': 'gzip' }, body: 'not gzip' });
  const failed: Exchange = { ...base, error: { code, message: `${code} happened` } };
  if (!withResponse) delete failed.response;
  return failed;
}
