import { CustodyClient } from '../../../client/custody/custody-client.ts';
import { defaultRedactor } from '../../../targets/redaction.ts';
import { custodyRules } from '../../../rules/custody/rules.ts';
import type { CustodySection } from '../../../targets/custody/section.ts';
import { ruleTestByImportedChecks } from '../../support/rule-test.ts';
import { type FamilySuiteSession, useFamilySession } from '../../support/family-session.ts';

/** `ruleTest(ruleId, body)` for the custody rules. */
export const ruleTest = ruleTestByImportedChecks(custodyRules);

export interface CustodySession extends FamilySuiteSession<CustodySection> {
  client: CustodyClient;
}

/**
 * Opens a custody client for one suite file and closes it after. A target without a custody section gets
 * no session; its rules are not applicable.
 */
export function useCustodySession(): () => CustodySession {
  return useFamilySession<CustodySection, CustodySession>('custody', ({ run, section, breaker }) => ({
    client: new CustodyClient(section, run.target.client, defaultRedactor, breaker),
  }));
}
