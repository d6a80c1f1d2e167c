import type { Exchange } from '../client/http-exchange.ts';
import { jsonOf, responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';
import type { RuleId } from '../rules/rule-id.ts';

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A response body the document says is JSON is labelled application/json and parses. */
export function jsonBody(exchange: Exchange, ruleId: RuleId): Verdict {
  const { headers } = responseOf(exchange, ruleId);
  const contentType = String(headers['content-type'] ?? '');
  if (!jsonMediaType.test(contentType)) {
    throw new RuleViolation(ruleId, `Content-Type is ${JSON.stringify(contentType)}, not application/json`, [exchange]);
  }
  jsonOf(exchange, ruleId);
  return passed(ruleId);
}
