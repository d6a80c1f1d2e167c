import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';
import type { RuleId } from '../rules/rule-id.ts';

/** Valid input succeeds: exactly the documented success status, or any 2xx where none is documented. */
export function statusForValidInput(exchange: Exchange, ruleId: RuleId, documentedStatus: number | null): Verdict {
  const { status } = responseOf(exchange, ruleId);
  const ok = documentedStatus === null ? status >= 200 && status <= 299 : status === documentedStatus;
  if (!ok) {
    const expected = documentedStatus === null ? 'a 2xx' : String(documentedStatus);
    throw new RuleViolation(ruleId, `Valid input answered ${status}; expected ${expected}`, [exchange]);
  }
  return passed(ruleId, { status });
}
