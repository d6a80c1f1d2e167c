import type { Exchange } from '../../client/exchange.ts';
import { type LoyaltyOutcome, loyaltyStatuses } from '../../rules/loyalty/records.ts';
import type { Verdict } from '../rule-violation.ts';
import { statusForInvalidInput } from '../status-for-invalid-input.ts';
import { statusForValidInput } from '../status-for-valid-input.ts';

/**
 * A loyalty request judged by its status only: accepted is 202, invalid 400, conflict 409, refused any 4xx.
 * The bodies are judged by their own rules (the empty 202 object, the error body, JSON bodies), so one body
 * fault fails one rule.
 */
export function loyaltyJudged(exchange: Exchange, ruleId: string, expected: { outcome: LoyaltyOutcome }): Verdict {
  if (expected.outcome === 'refused') return statusForInvalidInput(exchange, ruleId, null);
  if (expected.outcome === 'accepted') return statusForValidInput(exchange, ruleId, loyaltyStatuses.accepted);
  return statusForInvalidInput(exchange, ruleId, expected.outcome === 'invalid' ? loyaltyStatuses.invalid : loyaltyStatuses.conflict);
}
