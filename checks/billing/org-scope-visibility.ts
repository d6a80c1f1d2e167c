import type { Exchange } from '../../client/exchange.ts';
import { responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';

/**
 * A charge made in one org is not readable with another org as context, and is readable without the
 * header, whose absence means all the user's accessible orgs.
 */
export function orgScopeVisibility({ fromOtherOrg, withoutHeader }: { fromOtherOrg: Exchange; withoutHeader: Exchange }, ruleId: string): Verdict {
  const other = responseOf(fromOtherOrg, ruleId).status;
  if (other >= 200 && other <= 299) {
    throw new RuleViolation(ruleId, `A charge made in one org was returned (${other}) to a request whose Svc-Org-Ids names only another org`, [fromOtherOrg]);
  }
  const unscoped = responseOf(withoutHeader, ruleId).status;
  if (unscoped < 200 || unscoped > 299) {
    throw new RuleViolation(ruleId, `Without Svc-Org-Ids (all accessible orgs) the charge was not readable: ${unscoped}`, [withoutHeader]);
  }
  return passed(ruleId, { otherOrgStatus: other });
}
