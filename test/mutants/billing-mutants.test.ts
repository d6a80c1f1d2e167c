import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import type { RuleRow } from '../../cli/rules-table.ts';
import { familyByName } from '../../families/index.ts';
import { bundledTargets, runCli, writeTargets } from '../support/run-harness-cli.ts';

const billing = familyByName('billing');
if (!billing) throw new Error('billing is not registered');
const billingRuleIds = billing.rules.map((rule) => rule.id);

describe('every billing rule has a killing mutant', () => {
  test('the mutant catalogue covers every billing rule and names only known rules', () => {
    const broken = new Set(billing.reference.mutants.map((mutant) => mutant.breaks));
    expect(billingRuleIds.filter((id) => !broken.has(id))).toEqual([]);
    expect([...broken].filter((id) => !billingRuleIds.includes(id))).toEqual([]);
  });

  // The whole catalogue on one vitest instance, each mutant limited to the rule it breaks.
  test('harness mutants kills every billing mutant, and harness rules shows each rule verified', async () => {
    const result = await runCli(['mutants', '--suite', 'billing', '--seed', '7', '--runs', '10', '--json', '--reports', '{reports}']);
    const report = JSON.parse(result.stdout) as MutantReport;
    const notKilled = report.mutants.filter((mutant) => mutant.status !== 'killed');
    expect(notKilled, result.stderr.slice(-2000)).toEqual([]);
    expect(report.mutants.map((mutant) => mutant.name).sort()).toEqual(billing.reference.mutants.map((mutant) => mutant.name).sort());
    expect(result.code).toBe(0);
    expect((JSON.parse(readFileSync(join(result.reportsDir, 'mutants.json'), 'utf8')) as MutantReport).mutants.length).toBe(report.mutants.length);

    const rules = JSON.parse((await runCli(['rules', '--json', '--reports', result.reportsDir])).stdout) as RuleRow[];
    expect(rules.filter((row) => row.family === 'billing' && row.verified !== 'killed')).toEqual([]);
  });

  // One end-to-end run through the real CLI: a spawned reference with a mutant, the full replay line.
  test('harness run against a mutant fails its rule with evidence and a complete replay line', async () => {
    const entry = bundledTargets.targets.reference;
    if (!entry) throw new Error('bundled targets.json has no reference');
    const targets = writeTargets({ mutant: { ...entry, command: [...entry.command, '--mutant', 'charge-create-201'] } });
    const result = await runCli(['run', '--targets', targets, '--target', 'mutant', '--seed', '7', '--runs', '10', '--rule', 'billing.charges.create']);
    const verdict = result.summary().rules.find((rule) => rule.ruleId === 'billing.charges.create');
    expect(verdict?.status, result.stdout.slice(-3000)).toBe('failed');
    expect(verdict?.evidence?.length ?? 0).toBeGreaterThan(0);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`replay: harness run --targets ${targets} --target mutant --suite billing --rule billing.charges.create --seed 7 --runs 10`);
  });
});
