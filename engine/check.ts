import type { RuleId } from '../rules/rule-id.ts';
import type { Verdict } from './rule-violation.ts';

/**
 * The rule a check is called for, which the engine (engine/rule-check.ts) passes as `this`. Only a check that judges
 * its rule's own part of a reading several rules share (schema issues named by rule id) declares it; no other check
 * knows the rule it judges.
 */
export interface RuleUnderCheck {
  readonly ruleId: RuleId;
}

/**
 * The one signature of every check: what was observed (an exchange, or a record of exchanges and readings) and
 * what the rule expects. It returns a verdict or throws a Violation; the engine names the rule.
 */
export type CheckFunction<Observed = never, Expected = never> = (
  this: RuleUnderCheck,
  observed: Observed,
  expected: Expected,
) => Verdict;

/** A check as the table holds it: observed, then what the rule expects (if anything). */
// `any`: one table holds checks of every observed and expected type; the rule test's BoundCheck recovers each one's types.
// biome-ignore lint/suspicious/noExplicitAny: checks of every observed and expected type share this table
export type RegisteredCheck = (this: RuleUnderCheck, observed: any, ...expected: any[]) => Verdict;

/** Checks by the name rules cite: a family's own, and the shared ones. */
export type CheckTable = Readonly<Record<string, RegisteredCheck>>;
