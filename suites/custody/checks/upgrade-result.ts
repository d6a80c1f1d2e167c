import type { Exchange } from '../../../client/http-exchange.ts';
import { upgradeResponseSchema } from '../../../rules/custody/schemas.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** An accepted upgrade answers 200, and its `result`, when present, is an object (its fields are not shown). */
export function upgradeResult(exchange: Exchange): Verdict {
  const { status } = responseOf(exchange);
  if (status !== 200) throw new Violation(`The upgrade answered ${status}, not 200`, [exchange]);
  const parsed = upgradeResponseSchema.safeParse(jsonOf(exchange));
  if (!parsed.success)
    throw new Violation(
      `The upgrade response's result is not an object: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
      [exchange],
    );
  return passed({ resultPresent: parsed.data.result !== undefined });
}
