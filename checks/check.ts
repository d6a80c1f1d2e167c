import type { RuleId } from '../rules/rule-id.ts';
import type { Verdict } from './rule-violation.ts';

/**
 * The one signature of every check: what was observed (an exchange, or a record of exchanges and readings),
 * the id of the rule under test, and what the rule expects. It returns a verdict or throws RuleViolation.
 */
export type CheckFunction<Observed = never, Expected = never> = (
  observed: Observed,
  ruleId: RuleId,
  expected: Expected,
) => Verdict;

/** Checks by the key rules cite. */
export type CheckRegistry = Readonly<Record<string, CheckFunction<never, never>>>;
