import { exchangeCodes } from '../../client/exchange/envelope.ts';
import type { Exchange } from '../../client/exchange.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { readEnvelope } from '../../client/exchange/envelope.ts';

/**
 * A bounded burst of signed requests met the rate limit, and every limited answer is both HTTP 429 and
 * code "50011" (neither without the other). The limit itself is not shown: it is reported.
 */
export function exchangeRateLimited(exchanges: readonly Exchange[], ruleId: string, expected: { limitAtMost?: number | undefined } = {}): Verdict {
  const codeOf = (exchange: Exchange) => readEnvelope(exchange)?.code;
  const limited = exchanges.filter((exchange) => exchange.response?.status === 429 || codeOf(exchange) === exchangeCodes.rateLimited);
  if (limited.length === 0) {
    const last = exchanges.at(-1);
    throw new RuleViolation(ruleId, `${exchanges.length} signed requests in a bounded burst never met the rate limit (HTTP 429, code 50011)`, last ? [last] : []);
  }
  for (const exchange of limited) {
    const status = exchange.response?.status;
    const code = codeOf(exchange);
    if (status !== 429 || code !== exchangeCodes.rateLimited) {
      throw new RuleViolation(ruleId, `a rate-limited answer has HTTP ${status} and code ${JSON.stringify(code)}: it must be HTTP 429 with code "50011"`, [exchange]);
    }
  }
  const first = exchanges.indexOf(limited[0] as Exchange);
  if (expected.limitAtMost !== undefined && first > expected.limitAtMost) {
    throw new RuleViolation(ruleId, `the first limited answer came after ${first} requests; the target entry pins the limit at ${expected.limitAtMost}`, [limited[0] as Exchange]);
  }
  return passed(ruleId, { requestsBeforeFirstLimit: first, retryAfter: limited[0]?.response?.headers['retry-after'] ?? null });
}
