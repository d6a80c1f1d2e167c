import type { Exchange } from '../../client/http-exchange.ts';
import { upgradeResponseSchema } from '../../rules/custody/schemas.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** An accepted upgrade answers 200, and its `result`, when present, is an object (its fields are not shown). */
export function upgradeResult(exchange: Exchange, ruleId: RuleId): Verdict {
  const { status } = responseOf(exchange, ruleId);
  if (status !== 200) throw new RuleViolation(ruleId, `The upgrade answered ${status}, not 200`, [exchange]);
  const parsed = upgradeResponseSchema.safeParse(jsonOf(exchange, ruleId));
  if (!parsed.success)
    throw new RuleViolation(
      ruleId,
      `The upgrade response's result is not an object: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
      [exchange],
    );
  return passed(ruleId, { resultPresent: parsed.data.result !== undefined });
}
