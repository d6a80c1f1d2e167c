import { ruleInProgress } from '../../../core/rule-in-progress.ts';
import type { RunContext } from '../../../engine/run-context.ts';
import { runRulePhase } from '../../support/stateful-phase.ts';
import type { BillingSession } from './billing-suite-session.ts';
import { billingCommands, billingSequence, type CommandMix } from './charge-commands.ts';
import { type BillingJudge, orgRule, replayRule, updateRule } from './charge-model.ts';

/** Each phase weighs most what its rule judges: refused orgs named again; keys retried; charges updated and read. */
const mixes: Record<BillingJudge['rule'], CommandMix> = {
  [orgRule]: { creates: 2, refusals: 1, updates: 1, queries: 2, repeats: 2, outside: 2 },
  [replayRule]: { creates: 3, refusals: 2, updates: 0, queries: 0, repeats: 2, outside: 1 },
  [updateRule]: { creates: 2, refusals: 0, updates: 3, queries: 3, repeats: 1, outside: 0 },
};

/** The rule in progress with its bound check, as the phase judges it: one of the rules a billing phase serves. */
function judgeInProgress(check: BillingJudge['check']): BillingJudge {
  const rule = ruleInProgress();
  if (rule !== orgRule && rule !== replayRule && rule !== updateRule)
    throw new Error(`no billing stateful phase judges ${rule ?? 'outside a rule test'}`);
  // The rule test's bound check is its rule's, typed by the check the rule cites.
  return { rule, check } as BillingJudge;
}

/**
 * The billing stateful phase of the rule in progress, after its planned probes: random sequences of charge operations
 * checked against the model (charge-model.ts), the rule's postconditions judged by its check, every other one observed.
 */
export async function billingPhase(
  run: RunContext,
  session: BillingSession,
  check: BillingJudge['check'],
  observe: (key: string, value: unknown) => void,
): Promise<void> {
  const judge = judgeInProgress(check);
  const observed: string[] = [];
  await runRulePhase(run, observe, observed, {
    commands: billingCommands(session.client.tenant, mixes[judge.rule]),
    setup: () => billingSequence({ session, judge }, observed),
  });
}
