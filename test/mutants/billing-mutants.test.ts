import { describe, expect, test } from 'vitest';
import { billingMutants } from '../../reference/mutants/index.ts';
import { allRules } from '../../rules/index.ts';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

/** The bundled target entry that runs the reference in each tenant mode. */
const entryForMode = {
  multi: 'reference',
  'single-entity': 'reference-single-entity',
  plain: 'reference-plain',
} as const;

function mutantTarget(mode: keyof typeof entryForMode, mutant: string) {
  const entry = bundledTargets.targets[entryForMode[mode]];
  if (!entry) throw new Error(`bundled targets.json has no ${entryForMode[mode]}`);
  return { ...entry, command: [...entry.command, '--mutant', mutant] };
}

describe('every billing rule has a killing mutant', () => {
  test('the mutant catalogue covers every billing rule and names only known rules', () => {
    const billingRuleIds = allRules.filter((rule) => rule.family === 'billing').map((rule) => rule.id);
    const broken = new Set(billingMutants.map((mutant) => mutant.breaks));
    expect(billingRuleIds.filter((id) => !broken.has(id))).toEqual([]);
    expect([...broken].filter((id) => !billingRuleIds.includes(id))).toEqual([]);
  });

  // Each mutant runs through the real CLI, limited to the rule it breaks, and must fail on exactly that rule.
  test.concurrent.each(billingMutants.map((mutant) => [mutant.name, mutant] as const))('mutant %s is caught', async (_, mutant) => {
    const targets = writeTargets({ mutant: mutantTarget(mutant.mode, mutant.name) });
    const result = await runCli(['run', '--targets', targets, '--target', 'mutant', '--seed', '7', '--runs', '10', '--rule', mutant.breaks]);
    const summary = result.summary();
    const verdict = summary.rules.find((rule) => rule.ruleId === mutant.breaks);
    expect(verdict?.status, `${mutant.name} should fail ${mutant.breaks}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-2000)}`).toBe('failed');
    expect(result.code).toBe(1);
    expect(verdict?.evidence?.length ?? 0).toBeGreaterThan(0);
  });
});
