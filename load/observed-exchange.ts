import { type Exchange, LazyResponse } from '../client/http-exchange.ts';
import type { LoadRequest, ObservedResponse } from './scenario.ts';

/**
 * An exchange for the evidence of a check, made of a load request and a response the load path saw: the
 * same shape the client captures, so reports render, redact and turn it into curl like any other. The headers
 * are the ones actually sent where the load path recorded them (a fresh signature and timestamp).
 */
export function observedExchange(baseUrl: string, request: LoadRequest, response: ObservedResponse): Exchange {
  const url = `${baseUrl.replace(/\/+$/, '')}${request.path}`;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  return {
    // Not one the harness's client sent: id 0 keeps it out of the run's exchange count.
    id: 0,
    request: {
      method: request.method,
      url,
      headers: { ...request.headers, ...response.sentHeaders },
      ...(body ? { body } : {}),
    },
    response: new LazyResponse(response.status, response.headers, Buffer.from(response.body)),
    startedAt: Date.now(),
    durationMs: 0,
  };
}
