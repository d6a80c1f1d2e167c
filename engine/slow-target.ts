import { RuleBlocked } from './rule-blocked.ts';
import { runMethods } from '../client/run-breakers.ts';
import type { RuleShare } from '../client/run-pace.ts';
import { brokerCall } from '../client/session-broker.ts';
import type { RuleId } from '../rules/rule-id.ts';
import type { RuleOutOfTime } from './rule-out-of-time.ts';
import type { RunContext } from './run-context.ts';
import { type SettledThrow, settledBlock } from './settled-verdict.ts';

/*
 * A target too slow for the run's deadline gets a verdict, not "not run" (issue 30): each rule asks the run for its
 * share of the deadline as it starts (client/run-pace.ts). A rule whose target answers slowly stops at the end of
 * its share; the first such rule of the run fails with what it saw, and every later one is blocked by it.
 */

/** The share of the deadline of a rule starting now; none when the run has no deadline or no pace to ask. */
export async function ruleShare(run: RunContext): Promise<RuleShare> {
  if (run.deadlineAt === undefined) return {};
  try {
    return await brokerCall<RuleShare>(run.broker, runMethods, 'ruleShare');
  } catch {
    // The broker gone (a run winding down) or serving no pace: no share, as before.
    return {};
  }
}

/** A rule that starts with no time left while another rule already found the target too slow: blocked by that one. */
export function noTimeLeft(share: RuleShare): RuleBlocked | undefined {
  if (share.slowJudgedBy === undefined || share.endsAt === undefined || share.endsAt > Date.now()) return undefined;
  return new RuleBlocked(
    [share.slowJudgedBy as RuleId],
    "the target answered too slowly for the run's deadline: no time was left for this rule, and nothing was sent",
    [],
    'run',
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The verdict of a rule stopped at the end of its share: the run's first such rule fails, later ones are blocked. */
export async function slowTargetVerdict(
  run: RunContext,
  ruleId: RuleId,
  stopped: RuleOutOfTime,
): Promise<SettledThrow> {
  const { count, totalMs } = stopped.answers;
  const saw = `the target took ${seconds(totalMs / Math.max(1, count))} per answer (${count} answers in ${seconds(totalMs)}); the rule's share of the run's deadline ended with ${stopped.done}`;
  const judgedBy = await brokerCall<string>(run.broker, runMethods, 'claimSlowness', { ruleId });
  if (judgedBy === ruleId)
    return {
      status: 'failed',
      ruleId,
      message: `The target answered too slowly to be judged before the run's deadline: ${saw}`,
      evidence: [],
    };
  return settledBlock([judgedBy], `the target answered too slowly for the run's deadline: ${saw}`, [], 'run');
}
