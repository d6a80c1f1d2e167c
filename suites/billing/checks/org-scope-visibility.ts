import type { Exchange } from '../../../client/http-exchange.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/**
 * A charge made in one org is not readable with another org as context, and is readable without the
 * header, whose absence means all the user's accessible orgs.
 */
export function orgScopeVisibility({
  fromOtherOrg,
  withoutHeader,
  fromHomeOrg,
}: {
  fromOtherOrg: Exchange;
  withoutHeader: Exchange /** Asked with the org it was made in: must be served. */;
  fromHomeOrg?: Exchange;
}): Verdict {
  const other = responseOf(fromOtherOrg).status;
  if (other >= 200 && other <= 299) {
    throw new Violation(
      `A charge made in one org was returned (${other}) to a request whose Svc-Org-Ids names only another org`,
      [fromOtherOrg],
    );
  }
  const unscoped = responseOf(withoutHeader).status;
  if (unscoped < 200 || unscoped > 299) {
    throw new Violation(`Without Svc-Org-Ids (all accessible orgs) the charge was not readable: ${unscoped}`, [
      withoutHeader,
    ]);
  }
  const home = fromHomeOrg && responseOf(fromHomeOrg).status;
  if (fromHomeOrg && home !== undefined && (home < 200 || home > 299)) {
    throw new Violation(`With Svc-Org-Ids naming the org it was made in, the charge was not readable: ${home}`, [
      fromHomeOrg,
    ]);
  }
  return passed({ otherOrgStatus: other });
}
