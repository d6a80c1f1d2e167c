import type { RuleUnderCheck } from '../../engine/check.ts';
import type { RegisteredCheck } from '../../engine/check.ts';
import { judgedFor, type RuleVerdict, ruleCheck } from '../../engine/rule-check.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/*
 * Tests of checks judge as a run does, through the engine (engine/rule-check.ts): a violation named for the rule, a
 * missing prerequisite resolved into the rule's violation or a block. A test's rule ids are often made up
 * ("test.rule"): the engine names them all the same.
 */

/** A check bound to `ruleId` as the engine binds it: its verdicts and violations name the rule. */
export function judged<Observed, Expected extends unknown[]>(
  check: (this: RuleUnderCheck, observed: Observed, ...expected: Expected) => Verdict,
  ruleId: string,
): (observed: Observed, ...expected: Expected) => RuleVerdict {
  const rule = { id: ruleId, check: 'under test' };
  const bound = ruleCheck(rule, { 'under test': check as unknown as RegisteredCheck });
  return (observed, ...expected) => bound.check(observed, ...expected);
}

/** A check's reader (a response, a parsed page) called for `ruleId`: what it throws is named for the rule. */
export function readFor<Observed, Expected extends unknown[], Result>(
  reader: (this: RuleUnderCheck, observed: Observed, ...expected: Expected) => Result,
  ruleId: string,
): (observed: Observed, ...expected: Expected) => Result {
  const rule: RuleUnderCheck = { ruleId: ruleId as RuleId };
  return (observed, ...expected) => judgedFor(rule.ruleId, () => reader.call(rule, observed, ...expected));
}
