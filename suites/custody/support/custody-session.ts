import { withSharedChecks } from '../../../checks/index.ts';
import { custodyChecks } from '../checks/index.ts';
import { CustodyClient } from '../client/custody-client.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import { custodyRules } from '../../../rules/custody/rules.ts';
import type { CustodySection } from '../entry/section.ts';
import { ruleChecksFor, ruleTestFor } from '../../../engine/rule-test.ts';
import { type FamilySuiteSession, useFamilySession } from '../../support/family-session.ts';
import { keepCustodyFirstUses } from './memory-kinds.ts';

/** The family's checks with the shared ones: the table its rule tests and its other rules' checks are looked up in. */
const custodyCheckTable = withSharedChecks(custodyChecks);
/** `ruleTest(ruleId, ({ check }) => ...)` for the custody rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(custodyRules, custodyCheckTable);
/** Another custody rule's check, bound to it: to find which rule a failure belongs to. */
export const checkOfRule = ruleChecksFor(custodyRules, custodyCheckTable);

export interface CustodySession extends FamilySuiteSession<CustodySection> {
  client: CustodyClient;
}

/**
 * Opens a custody client for one suite file and closes it after. A target without a custody section gets
 * no session; its rules are not applicable.
 */
export function useCustodySession(): () => CustodySession {
  const session = useFamilySession<CustodySection, CustodySession>('custody', ({ run, section, breaker }) => ({
    client: new CustodyClient(section, run.target.client, defaultRedactor, breaker),
  }));
  // A token used once as the file starts, sent back late in the run.
  keepCustodyFirstUses(() => session().client);
  return session;
}
