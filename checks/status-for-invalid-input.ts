import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';

/**
 * Invalid input is never accepted and never crashes the target: the answer is a 4xx, and exactly the
 * operation's documented 4xx where the document names one.
 */
export function statusForInvalidInput(exchange: Exchange, ruleId: string, documentedStatus: number | null): Verdict {
  const { status } = responseOf(exchange, ruleId);
  if (documentedStatus !== null && status !== documentedStatus) {
    throw new RuleViolation(ruleId, `Invalid input answered ${status}; the documented answer is ${documentedStatus}`, [exchange]);
  }
  if (status < 400 || status > 499) {
    throw new RuleViolation(ruleId, `Invalid input answered ${status}; expected a 4xx rejection`, [exchange]);
  }
  return passed(ruleId, { status });
}
