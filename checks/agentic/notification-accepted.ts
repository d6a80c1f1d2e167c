import type { Exchange } from '../../client/exchange.ts';
import { agenticStatuses } from '../../rules/agentic/records.ts';
import { jsonOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { statusForValidInput } from '../status-for-valid-input.ts';

/** A valid notification answers 200 with a JSON object (documented empty; extra members are tolerated and reported). */
export function notificationAccepted(exchange: Exchange, ruleId: string): Verdict {
  statusForValidInput(exchange, ruleId, agenticStatuses.accepted);
  const body = jsonOf(exchange, ruleId);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new RuleViolation(ruleId, 'The 200 body is not a JSON object', [exchange]);
  const members = Object.keys(body);
  return passed(ruleId, members.length ? { 'members in the 200 body': members.join(', ') } : undefined);
}
