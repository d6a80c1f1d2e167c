import type { Exchange } from '../../../client/http-exchange.ts';
import { loyaltyStatuses } from '../../../rules/loyalty/records.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import { statusForInvalidInput } from '../../../checks/status-for-invalid-input.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';

/**
 * The MAC's ts window: a request whose ts lies inside the entry's window (past or future) is accepted (202),
 * one outside it is refused (any 4xx: the document names no status for it).
 */
export function timestampWindow(exchange: Exchange, expected: { insideWindow: boolean }): Verdict {
  return expected.insideWindow
    ? statusForValidInput(exchange, loyaltyStatuses.accepted)
    : statusForInvalidInput(exchange, null);
}
