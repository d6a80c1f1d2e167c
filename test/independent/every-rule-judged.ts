import { expect } from 'vitest';
import { familyByName } from '../../families/index.ts';
import type { RuleSummary } from '../../reporting/run-summary.ts';
import type { CliResult } from '../support/run-harness-cli.ts';

/**
 * A run against a family's correct implementation: every rule of the family is reported, and none ended other than
 * passed (or not applicable, where `notApplicable` allows it, for a setting the document leaves open). Returns the
 * rules, for what a test checks beyond that.
 */
export function expectEveryRulePassed(
  result: CliResult,
  family: string,
  { notApplicable = false } = {},
): RuleSummary[] {
  const rules = result.summary().rules;
  const output = result.stdout.slice(-4000);
  expect(rules.map((rule) => rule.ruleId).sort(), output).toEqual(
    familyByName(family)
      ?.rules.map((rule) => rule.id)
      .sort(),
  );
  const allowed = notApplicable ? ['passed', 'not-applicable'] : ['passed'];
  expect(
    rules
      .filter((rule) => !allowed.includes(rule.status))
      .map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message}`),
    output,
  ).toEqual([]);
  return rules;
}
