import type { Exchange } from '../../client/http-exchange.ts';
import { agenticStatuses } from '../../rules/agentic/records.ts';
import type { Verdict } from '../rule-violation.ts';
import { statusForValidInput } from '../status-for-valid-input.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A valid notification answers 200; its body (documented: an empty JSON object) is judged by its own rules. */
export function notificationAccepted(exchange: Exchange, ruleId: RuleId): Verdict {
  return statusForValidInput(exchange, ruleId, agenticStatuses.accepted);
}
