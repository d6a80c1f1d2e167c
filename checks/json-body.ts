import type { Exchange } from '../client/http-exchange.ts';
import { jsonOf, responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A response body the document says is JSON is labelled application/json and parses. */
export function jsonBody(exchange: Exchange): Verdict {
  const { headers } = responseOf(exchange);
  const contentType = String(headers['content-type'] ?? '');
  if (!jsonMediaType.test(contentType)) {
    throw new Violation(`Content-Type is ${JSON.stringify(contentType)}, not application/json`, [exchange]);
  }
  jsonOf(exchange);
  return passed();
}
