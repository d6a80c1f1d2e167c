import type { Exchange } from '../client/http-exchange.ts';
import type { RuleId } from '../rules/rule-id.ts';
import { type BlockOrigin, blockMessage, RuleBlocked } from './rule-blocked.ts';
import { forRule } from './rule-check.ts';
import { type Replay, RuleViolation, type Verdict } from './rule-violation.ts';

/** A breach of the rule named, as data. */
export interface SettledBreach {
  status: 'failed';
  ruleId: string;
  message: string;
  evidence: readonly Exchange[];
  /** The generated case in words, and how to regenerate it, when a generator made the input. */
  input?: string;
  replay?: Replay;
}

/** A block by the rules named, as data: what was missing, and whether the rule table or the run's course names them. */
export interface SettledBlock {
  status: 'blocked';
  blockedBy: readonly string[];
  /** What was missing, in words. */
  missing: string;
  /** `blocked by <rules>: <missing>`. */
  message: string;
  evidence: readonly Exchange[];
  origin: BlockOrigin;
}

/**
 * A finding once it is read for its rule: its rule's violation, or a block by the rules named. Data from here to the
 * outcome: the resolution's later steps (engine/thrown-resolution.ts) make one settled finding of another, never a new
 * exception.
 */
export type SettledThrow = SettledBreach | SettledBlock;

/** A check's verdict as an outcome: passed (with what it observed), failed (its rule's violation) or blocked. */
export type SettledVerdict = { status: 'passed'; observations?: Record<string, unknown> } | SettledThrow;

/** A block by `blockedBy`, as data. */
export function settledBlock(
  blockedBy: readonly string[],
  missing: string,
  evidence: readonly Exchange[],
  origin: BlockOrigin,
): SettledBlock {
  return {
    status: 'blocked',
    blockedBy,
    missing,
    message: blockMessage(blockedBy, missing),
    evidence,
    origin,
  };
}

/**
 * What a finding comes to for the rule `ruleId`, read once into data: named as the engine names a check's finding
 * (engine/rule-check.ts forRule: a check's violation is the rule's own; a missing prerequisite is the rule's own
 * violation when the rule is one of those that judge it, else a block by them), then settled. Anything else (a crash)
 * is no verdict: undefined.
 */
export function settledFor(ruleId: RuleId, thrown: unknown): SettledThrow | undefined {
  return settledThrow(forRule(ruleId, thrown));
}

/**
 * The one step from what a judgement threw to an outcome, for the rule tests' engine (engine/thrown-resolution.ts),
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
  if (error instanceof RuleBlocked) return settledBlock(error.blockedBy, error.missing, error.evidence, error.origin);
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
