import { recordPresent } from '../checks/record-behind.ts';
import type { RecordExpectation } from '../../../checks/record-rule.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/**
 * One case of a record rule whose record comes at all only where `statusRule` passes (a success status, a
 * JSON body): blocked by that rule where the answer carries no record (that rule itself fails there), else judged
 * by the rule's own check.
 */
export function recordCase(
  exchange: Exchange,
  expected: RecordExpectation & { statusRule: RuleId },
  check: (exchange: Exchange, expected: RecordExpectation) => Verdict,
): Verdict {
  recordPresent(exchange, expected);
  return check(exchange, expected);
}
