import type { Exchange } from '../client/http-exchange.ts';
import type { Verdict } from './rule-violation.ts';
import { statusForInvalidInput } from './status-for-invalid-input.ts';
import { statusForValidInput } from './status-for-valid-input.ts';

/**
 * An input rule judged both ways: a value that keeps the rule (its last valid value, say) succeeds with the
 * documented success status, a value that breaks it is refused with the documented 4xx. One property: the
 * line the rule draws between the two.
 */
export function statusForInput(
  exchange: Exchange,
  expected: { keepsRule: boolean; documentedStatus: number | null },
): Verdict {
  return expected.keepsRule
    ? statusForValidInput(exchange, expected.documentedStatus)
    : statusForInvalidInput(exchange, expected.documentedStatus);
}
