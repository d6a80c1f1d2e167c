import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, type Verdict } from '../../../engine/rule-violation.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';
import { errorV2Refusal } from './error-v2-refusal.ts';

/** What x-v with x-min-v must get: served (200) when a served version lies in the range, else 406 with ErrorV2. */
export function versionNegotiation(observed: { exchange: Exchange; expect: 'served' | 'refused' }): Verdict {
  const { exchange, expect } = observed;
  if (expect === 'served') statusForValidInput(exchange, 200);
  else errorV2Refusal(exchange, 406);
  return passed();
}
