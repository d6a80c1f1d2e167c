import { ruleInProgress } from '../core/rule-in-progress.ts';
import { RuleBlocked } from './rule-blocked.ts';
import { RuleViolation } from './rule-violation.ts';
import type { Exchange } from '../client/http-exchange.ts';
import type { BreakerTrip } from '../client/circuit-breaker.ts';
import { runMethods } from '../client/run-breakers.ts';
import { brokerCall } from '../client/session-broker.ts';
import type { RuleId } from '../rules/rule-id.ts';
import type { RunContext } from './run-context.ts';

/** The rule whose request, left unanswered, opened the family's circuit breaker in this run (null: none yet). */
function breakerTrip(run: RunContext, family: string): Promise<BreakerTrip | null> {
  return brokerCall<BreakerTrip | null>(run.broker, runMethods, 'breakerState', { family }).catch(() => null);
}

/**
 * A probe sends its load around the client's circuit breaker (load/run-load.ts): once the family's target stopped
 * answering another rule (the breaker opened in its name), the probe would judge nothing of its own property, only the
 * silence. That rule fails with the timeout it met, and the probe's rule is blocked by it. Undefined while no other
 * rule met the silence (the probe then judges what it finds).
 */
export async function blockedBySilence(
  run: RunContext,
  family: string,
  found: string,
): Promise<RuleBlocked | undefined> {
  const trip = await breakerTrip(run, family);
  if (!trip?.rule || trip.rule === ruleInProgress()) return undefined;
  return new RuleBlocked(
    [trip.rule as RuleId],
    `${found}, after the target stopped answering (${trip.first})`,
    [],
    'run',
  );
}

/**
 * A rule that would pass although not one of its requests got an answer (core/rule-in-progress.ts onlySilence) did not
 * earn it: blocked by the rule whose request opened the family's breaker, or failed when that was its own request or
 * none opened it (the target left this rule's requests unanswered).
 */
export async function silenceOutcome(
  run: RunContext,
  rule: { id: string; family: string },
  silence: { count: number; first: unknown },
): Promise<RuleBlocked | RuleViolation> {
  const first = silence.first as Exchange;
  const what = `none of this rule's ${silence.count} request(s) got an answer (${first.error?.code}: ${first.error?.message})`;
  const trip = await breakerTrip(run, rule.family);
  if (trip?.rule && trip.rule !== rule.id) return new RuleBlocked([trip.rule as RuleId], what, [first], 'run');
  return new RuleViolation(rule.id as RuleId, `The target gave this rule nothing to judge: ${what}`, [first]);
}

/** Whether a rate-limit probe got any answer at all (a status of any kind, 429 included) in any of its steps. */
export function probeHeardAnything(finding: {
  steps: readonly { statuses: Readonly<Record<string, number>> }[];
}): boolean {
  return finding.steps.some((step) => Object.values(step.statuses).some((count) => count > 0));
}
