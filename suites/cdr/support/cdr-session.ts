import { withSharedChecks } from '../../../checks/index.ts';
import { cdrChecks } from '../checks/index.ts';
import { CdrClient } from '../client/cdr-client.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import { cdrRules } from '../../../rules/cdr/rules.ts';
import type { CdrSection } from '../entry/section.ts';
import { type FamilySuiteSession, useFamilySession } from '../../support/family-session.ts';
import { ruleChecksFor, ruleTestFor } from '../../../engine/rule-test.ts';

/** The family's checks with the shared ones: the table its rule tests and its other rules' checks are looked up in. */
const cdrCheckTable = withSharedChecks(cdrChecks);
/** `ruleTest(ruleId, ({ check }) => ...)` for the cdr rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(cdrRules, cdrCheckTable);
/** Another cdr rule's check, bound to it: to find which rule a failure belongs to. */
export const checkOfRule = ruleChecksFor(cdrRules, cdrCheckTable);

/** For rules that walk whole lists or ask every detail: a real data holder's catalogue takes minutes at page size 1. */
export const walkingRule = { timeoutMs: 300_000 };

export interface CdrSession extends FamilySuiteSession<CdrSection> {
  client: CdrClient;
}

/** Opens a cdr client for one suite file and closes it after. A target without a cdr section gets no session. */
export function useCdrSession(): () => CdrSession {
  return useFamilySession<CdrSection, CdrSession>('cdr', ({ run, section, breaker }) => ({
    client: new CdrClient(section, run.target.client, defaultRedactor, breaker),
  }));
}
