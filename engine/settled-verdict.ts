import type { Exchange } from '../client/http-exchange.ts';
import { RuleBlocked } from './rule-blocked.ts';
import { type Replay, RuleViolation, type Verdict } from './rule-violation.ts';

/** What a check's verdict comes to when it did not pass: its rule's violation, or a block by the rules named. */
export type SettledThrow =
  | {
      status: 'failed';
      ruleId: string;
      message: string;
      evidence: readonly Exchange[];
      /** The generated case in words, and how to regenerate it, when a generator made the input. */
      input?: string;
      replay?: Replay;
    }
  | { status: 'blocked'; blockedBy: readonly string[]; message: string; evidence: readonly Exchange[] };

/** A check's verdict as an outcome: passed (with what it observed), failed (its rule's violation) or blocked. */
export type SettledVerdict = { status: 'passed'; observations?: Record<string, unknown> } | SettledThrow;

/**
 * The one step from what a judgement threw to an outcome, for the rule tests' engine (engine/rule-test.ts),
 * the load command's probes and the load judge alike: a violation fails the rule it names, a block blocks by the rules
 * it names. Anything else is not a verdict (undefined): the caller says whose error it is.
 */
export function settledThrow(error: unknown): SettledThrow | undefined {
  if (error instanceof RuleViolation)
    return {
      status: 'failed',
      ruleId: error.ruleId,
      message: error.message,
      evidence: error.evidence,
      ...(error.inputDescription !== undefined ? { input: error.inputDescription } : {}),
      ...(error.replay ? { replay: error.replay } : {}),
    };
  if (error instanceof RuleBlocked)
    return { status: 'blocked', blockedBy: error.blockedBy, message: error.message, evidence: error.evidence };
  return undefined;
}

/** A check's verdict, judged now, as an outcome; an error that is no verdict is the harness's own and is thrown again. */
export function settledVerdict(judge: () => Verdict): SettledVerdict {
  try {
    const verdict = judge();
    return verdict.observations ? { status: 'passed', observations: verdict.observations } : { status: 'passed' };
  } catch (error) {
    const settled = settledThrow(error);
    if (settled) return settled;
    throw error;
  }
}
