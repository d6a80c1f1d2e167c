import { describe, expect, test } from 'vitest';
import { passed, RuleViolation } from '../../checks/rule-violation.ts';
import { violationOf } from '../checks/violation.ts';
import {
  assertJudgedByRuleCheck,
  assertViolationOfRule,
  bindRuleCheck,
  CheckMismatchError,
  combinedViolation,
} from '../../suites/support/bound-check.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/*
 * A rule is judged by the check it names, through the registry: the bound check stamps its verdicts, and a
 * rule test that returns a verdict of another rule or check, a hand-made one, or none at all is broken.
 */
const atLeast = (observed: number, ruleId: RuleId, minimum: number) => {
  if (observed < minimum) throw new RuleViolation(ruleId, `${observed} is below ${minimum}`, []);
  return passed(ruleId, { observed });
};
const even = (observed: number, ruleId: RuleId) => {
  if (observed % 2 !== 0) throw new RuleViolation(ruleId, `${observed} is odd`, []);
  return passed(ruleId);
};
const table = { 'at-least': atLeast, even };
const minimumRule = { id: 'demo.minimum', check: 'at-least' };
const evenRule = { id: 'demo.even', check: 'even' };

describe('a rule judged by the check it names', () => {
  test('the bound check passes the rule id and the expected value, and counts its verdicts', () => {
    const bound = bindRuleCheck(minimumRule, table);
    const verdict = bound.check(5, 3);
    expect(verdict).toEqual({ ruleId: 'demo.minimum', observations: { observed: 5 } });
    expect(bound.verdicts()).toBe(1);
    expect(() => assertJudgedByRuleCheck(minimumRule, [verdict], bound.verdicts())).not.toThrow();
  });

  test("a verdict given by another rule's check is refused as a mismatch", () => {
    const ownBound = bindRuleCheck(minimumRule, table);
    ownBound.check(5, 3);
    const otherVerdict = bindRuleCheck(evenRule, table).check(4);
    expect(() => assertJudgedByRuleCheck(minimumRule, [otherVerdict], ownBound.verdicts())).toThrow(
      /returned a verdict from check even of demo\.even/,
    );
  });

  test('a verdict from a check called directly (not through the registry) is refused, though its rule id is right', () => {
    const ownBound = bindRuleCheck(minimumRule, table);
    ownBound.check(5, 3);
    const direct = even(4, 'demo.minimum');
    expect(() => assertJudgedByRuleCheck(minimumRule, [direct], ownBound.verdicts())).toThrow(CheckMismatchError);
    expect(() => assertJudgedByRuleCheck(minimumRule, [passed('demo.minimum')], ownBound.verdicts())).toThrow(
      /from no registered check/,
    );
  });

  test('a test whose check never judged does not pass', () => {
    expect(() => assertJudgedByRuleCheck(minimumRule, [], 0)).toThrow(/passed without a verdict of its check at-least/);
  });

  test("a violation fails the rule when it is its own, and is a mismatch when it is another rule's", () => {
    const own = violationOf(() => bindRuleCheck(minimumRule, table).check(1, 3), 'demo.minimum');
    expect(() => assertViolationOfRule(minimumRule, own)).not.toThrow();
    // A prerequisite reader's violation of the asking rule is the rule's own too.
    expect(() =>
      assertViolationOfRule(minimumRule, new RuleViolation('demo.minimum', 'no page to read', [])),
    ).not.toThrow();
    const foreign = violationOf(() => bindRuleCheck(evenRule, table).check(3), 'demo.even');
    expect(() => assertViolationOfRule(minimumRule, foreign)).toThrow(
      /was failed by a violation of demo\.even: 3 is odd/,
    );
  });

  test("a violation combined from several keeps their judges: from the rule's own check it fails the rule, with a part of another check it is a mismatch", () => {
    const sameRuleOtherCheck = { id: 'demo.minimum', check: 'even' };
    const own = [
      violationOf(() => bindRuleCheck(minimumRule, table).check(1, 3), 'demo.minimum'),
      violationOf(() => bindRuleCheck(minimumRule, table).check(2, 3), 'demo.minimum'),
    ];
    expect(() =>
      assertViolationOfRule(minimumRule, combinedViolation('demo.minimum', own, 'two listings broke it', [])),
    ).not.toThrow();
    const mixed = [...own, violationOf(() => bindRuleCheck(sameRuleOtherCheck, table).check(3), 'demo.minimum')];
    expect(() =>
      assertViolationOfRule(minimumRule, combinedViolation('demo.minimum', mixed, 'three listings broke it', [])),
    ).toThrow(/was failed by check even of demo\.minimum/);
    const withForeign = [...own, violationOf(() => bindRuleCheck(evenRule, table).check(3), 'demo.even')];
    expect(() =>
      assertViolationOfRule(minimumRule, combinedViolation('demo.minimum', withForeign, 'three listings broke it', [])),
    ).toThrow(/was failed by check even of demo\.even/);
  });

  test('a rule naming a check the registry lacks cannot be bound', () => {
    expect(() => bindRuleCheck({ id: 'demo.x', check: 'missing' }, table)).toThrow(
      /names check missing, which is not registered/,
    );
    // Inherited keys are no checks.
    expect(() => bindRuleCheck({ id: 'demo.x', check: 'toString' }, table)).toThrow(CheckMismatchError);
  });

  test('a check returning a verdict for another rule is a mismatch', () => {
    const liar = { lie: (_observed: unknown, _ruleId: string) => passed('demo.other') };
    expect(() => bindRuleCheck({ id: 'demo.x', check: 'lie' }, liar).check(1)).toThrow(
      /returned a verdict for demo\.other, not for demo\.x/,
    );
  });
});
