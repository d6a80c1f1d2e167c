import type { Exchange } from '../../../client/http-exchange.ts';
import { mappingsStatuses } from '../../../rules/shortener/records.ts';
import { statusForInvalidInput } from '../../../checks/status-for-invalid-input.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';

/**
 * A mapping request judged on one field: a value the rule keeps answers 200, a value it breaks answers
 * 400 (the documented statuses of POST /mappings), whichever entry of the array carries it.
 */
export function entryJudged(exchange: Exchange, expected: { accepted: boolean }): Verdict {
  return expected.accepted
    ? statusForValidInput(exchange, mappingsStatuses.accepted)
    : statusForInvalidInput(exchange, mappingsStatuses.refused);
}
