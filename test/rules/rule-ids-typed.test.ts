import { withSharedChecks } from '../../checks/index.ts';
import { describe, expect, test } from 'vitest';
import { billingChecks } from '../../suites/billing/checks/index.ts';
import { PrerequisiteMissing, prerequisiteMissing, RuleBlocked } from '../../engine/rule-blocked.ts';
import { RuleViolation } from '../../engine/rule-violation.ts';
import { allRules } from '../../families/index.ts';
import type { MutantInfo } from '../../reference/family-reference.ts';
import { billingRules } from '../../rules/billing/rules.ts';
import type { RuleId, RuleIdSuffix } from '../../rules/rule-id.ts';
import { defineRules } from '../../rules/rule.ts';
import { ruleTestFor } from '../../engine/rule-test.ts';

/*
 * Rule ids are a union the compiler derives from the families' rule lists: each `@ts-expect-error` below is a
 * misspelled id that must not compile (`tsc --noEmit -p .`, part of `npm test`, fails on an unused one), in
 * each place a rule is named outside rules/: a violation, a "blocked by" list, a prerequisite,
 * a mutant's broken rule, a rule test and a rule's own prerequisites (declared on the rule, as data).
 */
const misspelled = 'billing.headers.track_id.lenght';

describe('rule ids are checked by the compiler', () => {
  test('a registered id compiles everywhere a rule is named; a misspelled one does not', () => {
    const known: RuleId = 'billing.headers.track_id.length';
    // @ts-expect-error a violation of a rule that does not exist
    expect(new RuleViolation(misspelled, 'x', []).ruleId).toBe(misspelled);
    // @ts-expect-error blocked by a rule that does not exist
    expect(new RuleBlocked([known, misspelled], 'x').blockedBy).toContain(misspelled);
    // @ts-expect-error a prerequisite judged by a rule that does not exist
    expect(prerequisiteMissing(known, [misspelled], 'x')).toBeInstanceOf(RuleBlocked);
    // @ts-expect-error a check's missing prerequisite judged by a rule that does not exist
    expect(new PrerequisiteMissing([misspelled], 'x').judgedBy).toContain(misspelled);
    const mutant = {
      name: 'x',
      family: 'billing',
      // @ts-expect-error a mutant breaking a rule that does not exist
      breaks: misspelled,
      mode: 'default',
      description: '',
    } satisfies MutantInfo;
    expect(mutant.breaks).toBe(misspelled);
  });

  test("a family's id suffix is checked the same way", () => {
    const suffix: RuleIdSuffix<'shortener'> = 'mappings.accepted';
    // @ts-expect-error no shortener rule ends so
    const wrong: RuleIdSuffix<'shortener'> = 'mappings.acepted';
    expect([suffix, wrong]).toHaveLength(2);
  });

  test("a rule test names one of its family's rules", () => {
    const ruleTest = ruleTestFor(billingRules, withSharedChecks(billingChecks));
    // Only the types are under test: calling it would define a vitest test inside this one.
    const defineLater = () => {
      // @ts-expect-error not a billing rule
      ruleTest('shortener.mappings.accepted', async () => {});
      // @ts-expect-error a misspelled billing rule
      ruleTest(misspelled, async () => {});
    };
    expect(typeof defineLater).toBe('function');
  });

  test("a rule's prerequisites are ids of its own rule list", () => {
    const rule = { family: 'demo', source: { document: 'd', section: 's' }, statement: 's', check: 'c' } as const;
    const rules = defineRules()([
      { ...rule, id: 'demo.a' },
      { ...rule, id: 'demo.b', prerequisites: ['demo.a'] },
    ]);
    expect(rules[1].prerequisites).toEqual(['demo.a']);
    defineRules()([
      { ...rule, id: 'demo.a' },
      // @ts-expect-error demo.c is no rule of the list
      { ...rule, id: 'demo.b', prerequisites: ['demo.c'] },
    ]);
  });

  test('every declared prerequisite is another rule of the same family', () => {
    const byId = new Map(allRules().map((rule) => [rule.id, rule]));
    for (const rule of allRules())
      for (const prerequisite of rule.prerequisites ?? []) {
        expect(byId.get(prerequisite)?.family, `${rule.id} needs ${prerequisite}`).toBe(rule.family);
        expect(prerequisite, rule.id).not.toBe(rule.id);
      }
    expect(allRules().filter((rule) => rule.prerequisites?.length).length).toBeGreaterThan(0);
  });

  test('every registered rule id is unique', () => {
    const ids = allRules().map((rule) => rule.id);
    expect(ids.length).toBe(new Set(ids).size);
  });
});
