import type { Exchange } from '../../../client/http-exchange.ts';
import { type LoyaltyCaseOutcome, loyaltyStatuses } from '../../../rules/loyalty/records.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import { statusForInvalidInput } from '../../../checks/status-for-invalid-input.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';

/**
 * A body rule judged both ways: a case that keeps the rule is accepted (202), one that breaks it is refused
 * with exactly 400. By status only: the bodies of the answers have their own rules (the empty 202 object, the
 * error body, JSON bodies), so one body fault fails one rule.
 */
export function bodyCaseStatus(exchange: Exchange, expected: { outcome: LoyaltyCaseOutcome }): Verdict {
  return expected.outcome === 'accepted'
    ? statusForValidInput(exchange, loyaltyStatuses.accepted)
    : statusForInvalidInput(exchange, loyaltyStatuses.invalid);
}
