import { withSharedChecks } from '../../../checks/index.ts';
import { agenticChecks } from '../checks/index.ts';
import { AgenticClient } from '../client/agentic-client.ts';
import { signedProofs } from '../client/proof-of-intent.ts';
import { defaultRedactor } from '../../../core/redaction.ts';
import type { PayloadContext } from '../../../generators/agentic/valid-payload.ts';
import { agenticRules } from '../../../rules/agentic/rules.ts';
import type { AgenticSection } from '../entry/section.ts';
import { ruleTestFor } from '../../../engine/rule-test.ts';
import { type FamilySuiteSession, useFamilySession } from '../../support/family-session.ts';

/** `ruleTest(ruleId, ({ check }) => ...)` for the agentic rules, each judged by the check it names. */
export const ruleTest = ruleTestFor(agenticRules, withSharedChecks(agenticChecks));

export interface AgenticSession extends FamilySuiteSession<AgenticSection> {
  client: AgenticClient;
  /** Signed proofs of intent (made on first use) and the entry's enrollment, for the payload generators. */
  payloadContext(): Promise<PayloadContext>;
}

/** Opens an agentic client for one suite file and closes it after; a target without the section gets none. */
export function useAgenticSession(): () => AgenticSession {
  return useFamilySession<AgenticSection, AgenticSession>('agentic', ({ run, section, breaker }) => {
    let proofs: Promise<string[]> | undefined;
    return {
      client: new AgenticClient(section, run.target.client, defaultRedactor, breaker),
      async payloadContext() {
        proofs ??= signedProofs();
        return { proofs: await proofs, ...(section.enrollmentId ? { enrollmentId: section.enrollmentId } : {}) };
      },
    };
  });
}
