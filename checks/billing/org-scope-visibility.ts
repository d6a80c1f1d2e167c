import type { Exchange } from '../../client/http-exchange.ts';
import { responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/**
 * A charge made in one org is not readable with another org as context, and is readable without the
 * header, whose absence means all the user's accessible orgs.
 */
export function orgScopeVisibility(
  {
    fromOtherOrg,
    withoutHeader,
    fromHomeOrg,
  }: {
    fromOtherOrg: Exchange;
    withoutHeader: Exchange /** Asked with the org it was made in: must be served. */;
    fromHomeOrg?: Exchange;
  },
  ruleId: RuleId,
): Verdict {
  const other = responseOf(fromOtherOrg, ruleId).status;
  if (other >= 200 && other <= 299) {
    throw new RuleViolation(
      ruleId,
      `A charge made in one org was returned (${other}) to a request whose Svc-Org-Ids names only another org`,
      [fromOtherOrg],
    );
  }
  const unscoped = responseOf(withoutHeader, ruleId).status;
  if (unscoped < 200 || unscoped > 299) {
    throw new RuleViolation(
      ruleId,
      `Without Svc-Org-Ids (all accessible orgs) the charge was not readable: ${unscoped}`,
      [withoutHeader],
    );
  }
  const home = fromHomeOrg && responseOf(fromHomeOrg, ruleId).status;
  if (fromHomeOrg && home !== undefined && (home < 200 || home > 299)) {
    throw new RuleViolation(
      ruleId,
      `With Svc-Org-Ids naming the org it was made in, the charge was not readable: ${home}`,
      [fromHomeOrg],
    );
  }
  return passed(ruleId, { otherOrgStatus: other });
}
