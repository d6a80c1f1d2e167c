import { afterAll, beforeAll } from 'vitest';
import { CustodyClient } from '../../../client/custody/custody-client.ts';
import { defaultRedactor } from '../../../client/redaction.ts';
import { joinRunBreaker } from '../../../client/run-breakers.ts';
import { custodyRules } from '../../../rules/custody/rules.ts';
import type { CustodySection } from '../../../targets/custody/section.ts';
import type { ForAllOptions } from '../../support/for-all.ts';
import { ruleTestFor } from '../../support/rule-test.ts';
import { type RunContext, runContext } from '../../support/run-context.ts';

/** `ruleTest(ruleId, body)` for the custody rules. */
export const ruleTest = ruleTestFor(custodyRules);

export interface CustodySession {
  run: RunContext;
  section: CustodySection;
  client: CustodyClient;
  property(overrides?: Partial<ForAllOptions>): ForAllOptions;
}

/**
 * Opens a custody client for one suite file and closes it after. A target without a custody section gets
 * no session; its rules are not applicable.
 */
export function useCustodySession(): () => CustodySession {
  let session: CustodySession | undefined;
  beforeAll(async () => {
    const run = runContext();
    const section = run.target.families.custody as CustodySection | undefined;
    if (!section) return;
    const breaker = await joinRunBreaker(run.broker, 'custody', run.target.client.unresponsiveAfter);
    session = {
      run,
      section,
      client: new CustodyClient(section, run.target.client, defaultRedactor, breaker),
      property: (overrides) => ({ seed: run.seed, runs: run.runs, concurrency: run.target.client.concurrency, ...overrides }),
    };
  });
  afterAll(async () => {
    await session?.client.close();
  });
  return () => {
    if (!session) throw new Error('No custody session: the target has no custody section');
    return session;
  };
}
