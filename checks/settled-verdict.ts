import type { Exchange } from '../client/http-exchange.ts';
import { RuleBlocked } from './rule-blocked.ts';
import { RuleViolation, type Verdict } from './rule-violation.ts';

/** A check's verdict as an outcome: passed (with what it observed), failed (its rule's violation) or blocked. */
export type SettledVerdict =
  | { status: 'passed'; observations?: Record<string, unknown> }
  | { status: 'failed'; ruleId: string; message: string; evidence: readonly Exchange[] }
  | { status: 'blocked'; blockedBy: readonly string[]; message: string; evidence: readonly Exchange[] };

/**
 * The one step from a check's verdict to an outcome, for the load command's probes and the load judge (the rule tests'
 * engine reads the same two throws): a violation fails the rule it names, a missing prerequisite blocks by the rules
 * that judge it; anything else is the harness's own error and is thrown again.
 */
export function settledVerdict(judge: () => Verdict): SettledVerdict {
  try {
    const verdict = judge();
    return verdict.observations ? { status: 'passed', observations: verdict.observations } : { status: 'passed' };
  } catch (error) {
    if (error instanceof RuleViolation)
      return { status: 'failed', ruleId: error.ruleId, message: error.message, evidence: error.evidence };
    if (error instanceof RuleBlocked)
      return { status: 'blocked', blockedBy: error.blockedBy, message: error.message, evidence: error.evidence };
    throw error;
  }
}
