import { NotApplicableHere } from './not-applicable-here.ts';
import { type SettledThrow, settledBlock, settledFor } from './settled-verdict.ts';
import { describeExchange } from '../client/evidence.ts';
import type { Exchange } from '../client/http-exchange.ts';
import { defaultRedactor } from '../core/redaction.ts';
import { reportText } from '../core/report-text.ts';
import type { RuleId } from '../rules/rule-id.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';
import { closedByHarness } from './closed-by-harness.ts';
import { undeclaredBlock, type WalkJudges } from './declared-prerequisites.ts';
import { shownCounterexample } from './report-values.ts';
import { RuleOutOfTime } from './rule-out-of-time.ts';
import type { RunContext } from './run-context.ts';
import { slowTargetVerdict } from './slow-target.ts';
import { type BodyJudges, blockedWhenUnearned, failedWhenLeftUnanswered } from './unearned-failure.ts';

/*
 * What a rule's test that threw comes to, in one ordered resolution: each step below is one reading of what was
 * thrown, in the order they apply, and the last turns the result into the rule's outcome. The rule test
 * (rule-test.ts) only records the outcome and tells vitest (skip, fail, break).
 */

/** A rule test that passed without a verdict of its rule's check: it judged nothing, so the harness is broken. */
export class NothingJudgedError extends Error {
  override readonly name = 'NothingJudgedError';
}

/**
 * Which rule a failure the client threw on a rule's way belongs to (billing's token that was not issued is
 * billing.token.issue's): the rules it stopped are blocked by that rule, which fails with it.
 */
export type FailureOwner<Id extends string> = (
  error: unknown,
) => { ruleId: Id; message: string; evidence: readonly Exchange[] } | undefined;

/** Who judges what a rule test threw: the rule, and the rules that judge its bodies and walks. */
export interface ThrownUnder {
  rule: { id: string; family: string; check: string; prerequisites?: readonly string[] };
  bodyJudges: BodyJudges;
  walkJudges: WalkJudges;
  /** The rule a check helper's error belongs to, when the body called one directly. */
  ownerOf?: FailureOwner<string>;
}

/**
 * The outcome of a test that threw, and what vitest is told: `skip` (not applicable, blocked, stopped by the
 * harness), `fail` (the rule's own violation) or `break` (the check or the harness is at fault, with the cause).
 */
export type ThrownResolution =
  | { tell: 'skip'; outcome: RuleOutcome; reason: string }
  | { tell: 'fail'; outcome: RuleOutcome }
  | { tell: 'break'; outcome: RuleOutcome; cause: unknown };

/** Exchanges as a report shows them: redacted, each with its family's secrets masked. */
export function shownEvidence(exchanges: readonly Exchange[], family: string): NonNullable<RuleOutcome['evidence']> {
  return exchanges.map((exchange) => describeExchange(exchange, defaultRedactor, undefined, { family }));
}

/** Step 1: the target showed the rule does not apply to it (an operation the documents do not show, not served). */
function notApplicable(caught: unknown, base: RuleOutcome): ThrownResolution | undefined {
  if (!(caught instanceof NotApplicableHere)) return undefined;
  const message = reportText(caught.reason).text;
  const evidence = shownEvidence(caught.evidence, base.family);
  return {
    tell: 'skip',
    outcome: { ...base, status: 'not-applicable', message, evidence },
    reason: `not applicable: ${message}`,
  };
}

/**
 * Step 2: what was thrown, read once for the rule as a settled finding (data from here on; undefined when it is no
 * finding): a rule stopped at the end of its share of the deadline is the target's slowness (slow-target.ts); a check
 * helper's error of another rule is a block by that rule; anything else is named as the engine names a check's finding
 * (engine/settled-verdict.ts settledFor).
 */
async function namedForRule(under: ThrownUnder, caught: unknown, run: RunContext): Promise<SettledThrow | undefined> {
  const ruleId = under.rule.id as RuleId;
  if (caught instanceof RuleOutOfTime) return slowTargetVerdict(run, ruleId, caught);
  const owner = under.ownerOf?.(caught);
  if (owner && owner.ruleId !== ruleId)
    return settledBlock([owner.ruleId], owner.message, owner.evidence, 'prerequisite');
  return settledFor(ruleId, caught);
}

/**
 * Step 3: who earned the failure (unearned-failure.ts): a violation resting only on a body another rule judges whole
 * is a block by that rule; then a block of a rule whose own requests the target left unanswered is its violation.
 */
function earnedBy(under: ThrownUnder, named: SettledThrow, run: RunContext): SettledThrow {
  return failedWhenLeftUnanswered(
    under.rule.id,
    blockedWhenUnearned(under.rule.id, named, under.bodyJudges),
    run.broker.key,
  );
}

/** Step 4: the harness stopped the exchange itself (a run winding down): broken, told as a skip, never the target's. */
function stoppedByHarness(
  caught: unknown,
  settled: SettledThrow | undefined,
  base: RuleOutcome,
): ThrownResolution | undefined {
  const stopped = closedByHarness(caught, settled);
  if (!stopped) return undefined;
  return {
    tell: 'skip',
    outcome: { ...base, status: 'broken', message: stopped, stoppedByHarness: stopped },
    reason: stopped,
  };
}

/** A settled verdict that did not pass, as the rule's outcome: failed with its violation, or blocked. */
function thrownOutcome(base: RuleOutcome, settled: SettledThrow): RuleOutcome {
  const evidence = shownEvidence(settled.evidence, base.family);
  const message = reportText(settled.message).text;
  if (settled.status === 'blocked')
    return { ...base, status: 'blocked', blockedBy: [...settled.blockedBy], message, evidence };
  return {
    ...base,
    status: 'failed',
    message,
    ...(settled.input ? { input: reportText(settled.input).text } : {}),
    evidence,
    ...(settled.replay
      ? {
          replay: {
            seed: settled.replay.seed,
            path: settled.replay.path,
            counterexample: reportText(shownCounterexample(settled.replay.counterexample)).text,
          },
        }
      : {}),
  };
}

/**
 * Step 5: the verdict (engine/settled-verdict.ts): a block by declared rules, or a violation of this rule. A violation
 * of another rule, a block by a rule the table does not declare for it (with strict prerequisites), or no verdict at
 * all is the harness's fault: broken, saying which.
 */
function verdictOf(
  under: ThrownUnder,
  settled: SettledThrow | undefined,
  error: unknown,
  run: RunContext,
  base: RuleOutcome,
): ThrownResolution {
  const { rule } = under;
  const foreign = settled?.status === 'failed' && settled.ruleId !== rule.id;
  const undeclared = undeclaredBlock(rule, settled, under.walkJudges, run.strictPrerequisites === true);
  if (settled && !foreign && !undeclared) {
    const outcome = thrownOutcome(base, settled);
    return settled.status === 'blocked'
      ? { tell: 'skip', outcome, reason: outcome.message ?? '' }
      : { tell: 'fail', outcome };
  }
  const message = foreign
    ? `rule test judged by the wrong check: a violation of ${settled.ruleId}: ${reportText(settled.message).text}`
    : undeclared
      ? `rule test blocked by an undeclared prerequisite: ${reportText(undeclared).text}`
      : error instanceof NothingJudgedError
        ? `rule test judged by the wrong check: ${reportText(error.message).text}`
        : `check ${rule.check} raised an unexpected error: ${reportText(error instanceof Error ? error.message : String(error)).text}`;
  return { tell: 'break', outcome: { ...base, status: 'broken', message }, cause: error };
}

/** What a rule's test that threw comes to: the steps above, in order. */
export async function resolveThrown(
  under: ThrownUnder,
  caught: unknown,
  run: RunContext,
  base: RuleOutcome,
): Promise<ThrownResolution> {
  const notHere = notApplicable(caught, base);
  if (notHere) return notHere;
  const named = await namedForRule(under, caught, run);
  const settled = named && earnedBy(under, named, run);
  return stoppedByHarness(caught, settled, base) ?? verdictOf(under, settled, caught, run, base);
}
