import type { Exchange } from '../../../client/http-exchange.ts';
import { agenticStatuses } from '../../../rules/agentic/records.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import { statusForValidInput } from '../../../checks/status-for-valid-input.ts';

/** A valid notification answers 200; its body (documented: an empty JSON object) is judged by its own rules. */
export function notificationAccepted(exchange: Exchange): Verdict {
  return statusForValidInput(exchange, agenticStatuses.accepted);
}
