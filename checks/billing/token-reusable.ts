import type { Exchange } from '../../client/http-exchange.ts';
import { responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** Every request made with the one token within its lifetime was authorised (no 401, all 2xx). */
export function tokenReusable(exchanges: readonly Exchange[], ruleId: RuleId): Verdict {
  exchanges.forEach((exchange, index) => {
    const { status } = responseOf(exchange, ruleId);
    if (status < 200 || status > 299) {
      throw new RuleViolation(ruleId, `Use number ${index + 1} of the same unexpired token answered ${status}`, [
        exchange,
      ]);
    }
  });
  return passed(ruleId, { uses: exchanges.length });
}
