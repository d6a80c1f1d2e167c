/**
 * Sends the request on undici's `request()` (not fetch: nothing is decoded behind our back) and hands the
 * response head to the body steps. A throw is a failure of the transfer, left for the outer steps to name.
 */
import { request as undiciRequest, type Dispatcher } from 'undici';
import type { ExchangeCall, ResponseCall, Terminal } from './exchange-steps.ts';

export function transport(dispatcher: Dispatcher, receiveBody: Terminal<ResponseCall>): Terminal<ExchangeCall> {
  return async (call) => {
    const { request } = call;
    try {
      const res = await undiciRequest(request.url, {
        dispatcher,
        method: request.method,
        headers: request.headers,
        body: request.body,
        ...call.dispatch,
      });
      const headers = res.headers as Record<string, string | string[]>;
      const encoding = headers['content-encoding'];
      call.head = { status: res.statusCode, headers, body: res.body };
      const contentEncoding = Array.isArray(encoding) ? encoding.join(', ') : encoding;
      if (contentEncoding !== undefined) call.head.contentEncoding = contentEncoding;
    } catch (err) {
      call.failure = err;
      return;
    }
    await receiveBody(call as ResponseCall);
  };
}
