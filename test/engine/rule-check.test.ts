import { describe, expect, test } from 'vitest';
import type { RuleUnderCheck } from '../../engine/check.ts';
import { PrerequisiteMissing, RuleBlocked } from '../../engine/rule-blocked.ts';
import { combinedViolation, forRule, judgedFor, ruleCheck, UnknownCheckError } from '../../engine/rule-check.ts';
import { passed, RuleViolation, Violation } from '../../engine/rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';
import { thrownBy } from '../checks/violation.ts';

/*
 * The engine calls the check a rule cites and names the rule on what it found: checks never name the rule (only one
 * that judges its rule's part of a shared reading reads `this.ruleId`).
 */
const atLeast = (observed: number, minimum: number) => {
  if (observed < minimum) throw new Violation(`${observed} is below ${minimum}`, []);
  return passed({ observed });
};
const needsEven = (observed: number) => {
  if (observed % 2 !== 0) throw new PrerequisiteMissing(['demo.even' as RuleId], `${observed} is odd`);
  return passed();
};
function ownIssues(this: RuleUnderCheck, issues: readonly string[]) {
  if (issues.includes(this.ruleId)) throw new Violation(`an issue of ${this.ruleId}`, []);
  return passed();
}
const table = { 'at-least': atLeast, 'needs-even': needsEven, 'own-issues': ownIssues };
const minimumRule = { id: 'demo.minimum', check: 'at-least' };

describe('the engine judges a rule with the check it cites', () => {
  test('it passes the observed and expected values on, names the rule on each verdict, and counts them', () => {
    const bound = ruleCheck(minimumRule, table);
    expect(bound.check(5, 3)).toEqual({ ruleId: 'demo.minimum', observations: { observed: 5 } });
    expect(bound.check(3, 3)).toEqual({ ruleId: 'demo.minimum', observations: { observed: 3 } });
    expect(bound.verdicts()).toBe(2);
  });

  test("a check's violation becomes the rule's, with its evidence, replay and input description", () => {
    const bound = ruleCheck(minimumRule, {
      'at-least': () => {
        const violation = new Violation('below', []);
        violation.replay = { seed: 1, path: '0', counterexample: 2 };
        violation.inputDescription = 'two';
        throw violation;
      },
    });
    const thrown = thrownBy(() => bound.check(2, 3));
    expect(thrown).toBeInstanceOf(RuleViolation);
    expect(thrown).toMatchObject({ ruleId: 'demo.minimum', message: 'below', inputDescription: 'two' });
    expect((thrown as RuleViolation).replay?.seed).toBe(1);
    expect(bound.verdicts()).toBe(0);
  });

  test('a missing prerequisite blocks a rule that does not judge it, and fails the rule that does', () => {
    const blocked = thrownBy(() => ruleCheck({ id: 'demo.other', check: 'needs-even' }, table).check(3));
    expect(blocked).toBeInstanceOf(RuleBlocked);
    expect((blocked as RuleBlocked).blockedBy).toEqual(['demo.even']);
    const own = thrownBy(() => ruleCheck({ id: 'demo.even', check: 'needs-even' }, table).check(3));
    expect(own).toBeInstanceOf(RuleViolation);
    expect((own as RuleViolation).ruleId).toBe('demo.even');
  });

  test('a check that judges its part of a shared reading is told the rule as `this`', () => {
    const issues = ['demo.a'];
    expect(() => ruleCheck({ id: 'demo.b', check: 'own-issues' }, table).check(issues)).not.toThrow();
    expect(thrownBy(() => ruleCheck({ id: 'demo.a', check: 'own-issues' }, table).check(issues))).toMatchObject({
      ruleId: 'demo.a',
      message: 'an issue of demo.a',
    });
  });

  test("another rule's violation and any other error pass through unchanged", () => {
    const foreign = new RuleViolation('demo.other' as RuleId, 'theirs', []);
    expect(forRule('demo.minimum' as RuleId, foreign)).toBe(foreign);
    const crash = new TypeError('boom');
    expect(forRule('demo.minimum' as RuleId, crash)).toBe(crash);
  });

  test("a rule citing a check the table does not hold (or an inherited name) is the harness's error", () => {
    expect(() => ruleCheck({ id: 'demo.x', check: 'missing' }, table)).toThrow(UnknownCheckError);
    expect(() => ruleCheck({ id: 'demo.x', check: 'toString' }, table)).toThrow(/not registered/);
  });

  test('a helper run for a rule outside a bound check names what it throws for that rule, sync or async', async () => {
    const sync = thrownBy(() => judgedFor('demo.minimum' as RuleId, () => atLeast(1, 3)));
    expect(sync).toMatchObject({ ruleId: 'demo.minimum' });
    await expect(judgedFor('demo.other' as RuleId, async () => needsEven(3))).rejects.toBeInstanceOf(RuleBlocked);
    expect(judgedFor('demo.minimum' as RuleId, () => atLeast(4, 3))).toEqual({ observations: { observed: 4 } });
  });

  test("a combination of one rule's violations is one violation; a part of another rule's is thrown as it is", () => {
    const own = [new RuleViolation('demo.minimum' as RuleId, 'a', []), new Violation('b', [])];
    const combined = combinedViolation(own, 'two listings broke it', [], 'demo.minimum' as RuleId);
    expect(combined).not.toBeInstanceOf(RuleViolation);
    expect(forRule('demo.minimum' as RuleId, combined)).toMatchObject({
      ruleId: 'demo.minimum',
      message: 'two listings broke it',
    });
    const foreign = new RuleViolation('demo.other' as RuleId, 'c', []);
    expect(combinedViolation([...own, foreign], 'three', [], 'demo.minimum' as RuleId)).toBe(foreign);
  });
});
