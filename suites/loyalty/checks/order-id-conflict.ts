import type { Exchange } from '../../../client/http-exchange.ts';
import { loyaltyStatuses } from '../../../rules/loyalty/records.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** An order whose requestor_order_id was used before answers exactly 409 (its body is the error rule's). */
export function orderIdConflict(exchange: Exchange): Verdict {
  const { status } = responseOf(exchange);
  if (status !== loyaltyStatuses.conflict)
    throw new Violation(
      `An order with a requestor_order_id already used answered ${status}; expected ${loyaltyStatuses.conflict}`,
      [exchange],
    );
  return passed({ status });
}
