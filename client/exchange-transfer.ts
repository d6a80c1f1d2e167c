import type { ClientError, Exchange } from './http-exchange.ts';
import { LazyResponse } from './http-exchange.ts';

/** An exchange as JSON, so one captured in one process can be judged and shown in another. */
export interface TransferredExchange {
  id: number;
  startedAt: number;
  durationMs: number;
  request: { method: string; url: string; headers: Record<string, string>; body?: string; plainBody?: string };
  response?: {
    status: number;
    headers: Record<string, string | string[]>;
    rawBody: string;
    body: string;
    contentEncoding?: string;
    letGo?: { bodyBytes: number; rawBytes: number };
  };
  error?: ClientError;
}

const toBase64 = (bytes: Buffer | undefined) => (bytes === undefined ? undefined : bytes.toString('base64'));

export function exchangeToJson(exchange: Exchange): TransferredExchange {
  const { request, response } = exchange;
  const body = toBase64(request.body);
  const plainBody = toBase64(request.plainBody);
  return {
    id: exchange.id,
    startedAt: exchange.startedAt,
    durationMs: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(body === undefined ? {} : { body }),
      ...(plainBody === undefined ? {} : { plainBody }),
    },
    ...(response
      ? {
          response: {
            status: response.status,
            headers: response.headers,
            rawBody: response.rawBody.toString('base64'),
            body: response.body.toString('base64'),
            ...(response.contentEncoding === undefined ? {} : { contentEncoding: response.contentEncoding }),
            ...(response.letGo === undefined ? {} : { letGo: response.letGo }),
          },
        }
      : {}),
    ...(exchange.error ? { error: exchange.error } : {}),
  };
}

export function exchangeFromJson(json: TransferredExchange): Exchange {
  const { request } = json;
  const exchange: Exchange = {
    id: json.id,
    startedAt: json.startedAt,
    durationMs: json.durationMs,
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: Buffer.from(request.body, 'base64') }),
      ...(request.plainBody === undefined ? {} : { plainBody: Buffer.from(request.plainBody, 'base64') }),
    },
  };
  if (json.response) {
    const response = new LazyResponse(
      json.response.status,
      json.response.headers,
      Buffer.from(json.response.rawBody, 'base64'),
      json.response.contentEncoding,
    );
    response.body = Buffer.from(json.response.body, 'base64');
    if (json.response.letGo) response.letGo = json.response.letGo;
    exchange.response = response;
  }
  if (json.error) exchange.error = json.error;
  return exchange;
}
