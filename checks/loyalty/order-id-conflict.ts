import type { Exchange } from '../../client/http-exchange.ts';
import { loyaltyStatuses } from '../../rules/loyalty/records.ts';
import { responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** An order whose requestor_order_id was used before answers exactly 409 (its body is the error rule's). */
export function orderIdConflict(exchange: Exchange, ruleId: RuleId): Verdict {
  const { status } = responseOf(exchange, ruleId);
  if (status !== loyaltyStatuses.conflict)
    throw new RuleViolation(
      ruleId,
      `An order with a requestor_order_id already used answered ${status}; expected ${loyaltyStatuses.conflict}`,
      [exchange],
    );
  return passed(ruleId, { status });
}
