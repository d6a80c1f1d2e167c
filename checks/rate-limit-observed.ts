import type { Exchange } from '../client/exchange.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';

/**
 * A burst of token requests from one IP met a 429. The limit itself is not shown, so it is reported;
 * a target entry may pin it (`limitAtMost`), and then the first 429 must come no later than that.
 */
export function rateLimitObserved(exchanges: readonly Exchange[], ruleId: string, expected: { limitAtMost?: number | undefined } = {}): Verdict {
  const { limitAtMost } = expected;
  const firstLimited = exchanges.findIndex((exchange) => exchange.response?.status === 429);
  if (firstLimited < 0) {
    const last = exchanges.at(-1);
    throw new RuleViolation(ruleId, `${exchanges.length} token requests in a burst from one IP never met a 429`, last ? [last] : []);
  }
  const limited = exchanges[firstLimited] as Exchange;
  if (limitAtMost !== undefined && firstLimited > limitAtMost) {
    throw new RuleViolation(ruleId, `The first 429 came after ${firstLimited} requests; the target entry pins the limit at ${limitAtMost}`, [limited]);
  }
  return passed(ruleId, {
    requestsBeforeFirst429: firstLimited,
    retryAfter: limited.response?.headers['retry-after'] ?? null,
    body429: limited.response?.text().slice(0, 200) ?? null,
  });
}
