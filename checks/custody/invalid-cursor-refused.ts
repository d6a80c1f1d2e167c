import type { Exchange } from '../../client/exchange.ts';
import { invalidCursorCode } from '../../rules/custody/endpoints.ts';
import { responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';

/**
 * A cursor the server did not produce is refused with E900-INVALID_CURSOR_DATA: a 4xx whose body holds the
 * code. The error body's shape is not shown, so nothing else of it is judged.
 */
export function invalidCursorRefused(exchange: Exchange, ruleId: string): Verdict {
  const response = responseOf(exchange, ruleId);
  if (response.status < 400 || response.status > 499) throw new RuleViolation(ruleId, `A cursor the server did not produce answered ${response.status}; expected a 4xx with ${invalidCursorCode}`, [exchange]);
  if (!response.text().includes(invalidCursorCode)) throw new RuleViolation(ruleId, `A cursor the server did not produce was refused (${response.status}) without ${invalidCursorCode} in the body`, [exchange]);
  return passed(ruleId, { status: response.status });
}
