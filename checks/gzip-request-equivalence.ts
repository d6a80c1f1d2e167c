import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../client/http-exchange.ts';
import { jsonOf, responseOf } from './response-required.ts';
import { passed, RuleViolation, type Verdict } from './rule-violation.ts';
import type { RuleId } from '../rules/rule-id.ts';

/**
 * A gzipped request body is handled like the plain one: the same status and the same response, once the
 * fields that differ between any two creations (identifiers) are projected away.
 */
export function gzipRequestEquivalence(
  { plain, gzipped }: { plain: Exchange; gzipped: Exchange },
  ruleId: RuleId,
  comparable: (body: unknown) => unknown,
): Verdict {
  const plainStatus = responseOf(plain, ruleId).status;
  const gzippedStatus = responseOf(gzipped, ruleId).status;
  if (plainStatus !== gzippedStatus) {
    throw new RuleViolation(
      ruleId,
      `The plain body answered ${plainStatus}, the same body gzipped answered ${gzippedStatus}`,
      [plain, gzipped],
    );
  }
  if (!isDeepStrictEqual(comparable(jsonOf(plain, ruleId)), comparable(jsonOf(gzipped, ruleId)))) {
    throw new RuleViolation(ruleId, 'The gzipped body produced a different record than the same body sent plain', [
      plain,
      gzipped,
    ]);
  }
  return passed(ruleId, { status: plainStatus });
}
