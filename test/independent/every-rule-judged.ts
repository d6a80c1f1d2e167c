import { expect } from 'vitest';
import { familyByName } from '../../families/index.ts';
import type { RuleSummary } from '../../reporting/run-summary.ts';
import { type CliResult, runCli } from '../support/run-harness-cli.ts';

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

/** A run of exactly `rules` of one family on one target of a targets file. */
export interface RulesRun {
  targets: string;
  target: string;
  family: string;
  rules: readonly string[];
  seed: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs exactly those rules (ten cases a property, one worker) and expects every one reported and passed: how a test
 * shows that an implementation making another allowed choice is not failed for it. Returns the run and its rules,
 * for the observations a test reads beyond that.
 */
export async function expectRulesPassed(run: RulesRun): Promise<{ result: CliResult; rules: RuleSummary[] }> {
  const selection = run.rules.flatMap((rule) => ['--rule', rule]);
  const result = await runCli(
    ['run', '--targets', run.targets, '--target', run.target, '--suite', run.family, ...selection].concat([
      '--seed',
      String(run.seed),
      '--runs',
      '10',
      '--workers',
      '1',
    ]),
    run.env ?? {},
  );
  const output = result.stdout.slice(-4000);
  const rules = result.summary().rules;
  expect(
    rules.filter((rule) => rule.status !== 'passed').map((rule) => `${rule.ruleId}: ${rule.status} ${rule.message}`),
    output,
  ).toEqual([]);
  expect(rules.map((rule) => rule.ruleId).sort(), output).toEqual([...run.rules].sort());
  expect(result.code, output).toBe(0);
  return { result, rules };
}
