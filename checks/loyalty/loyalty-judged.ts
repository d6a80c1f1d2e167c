import type { Exchange } from '../../client/exchange.ts';
import { loyaltyErrorSchema, loyaltyStatuses } from '../../rules/loyalty/records.ts';
import { jsonOf, parsedWith } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { statusForInvalidInput } from '../status-for-invalid-input.ts';
import { statusForValidInput } from '../status-for-valid-input.ts';

/** What a loyalty request must get: accepted (202), refused as invalid (400), conflict (409), or any 4xx (auth). */
export type LoyaltyOutcome = 'accepted' | 'invalid' | 'conflict' | 'refused';

/**
 * A loyalty request judged: accepted is 202 with a JSON object (documented empty; extra members tolerated);
 * invalid is 400 and conflict 409, each with the error body; refused is any 4xx.
 */
export function loyaltyJudged(exchange: Exchange, ruleId: string, expected: { outcome: LoyaltyOutcome }): Verdict {
  if (expected.outcome === 'refused') return statusForInvalidInput(exchange, ruleId, null);
  if (expected.outcome === 'accepted') {
    statusForValidInput(exchange, ruleId, loyaltyStatuses.accepted);
    const body = jsonOf(exchange, ruleId);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new RuleViolation(ruleId, 'The 202 body is not a JSON object', [exchange]);
    return passed(ruleId);
  }
  statusForInvalidInput(exchange, ruleId, expected.outcome === 'invalid' ? loyaltyStatuses.invalid : loyaltyStatuses.conflict);
  parsedWith(exchange, ruleId, (json) => loyaltyErrorSchema.parse(json));
  return passed(ruleId);
}
