import { describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import type { RuleRow } from '../../cli/rules-table.ts';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

const exchange = familyByName('exchange');
if (!exchange) throw new Error('exchange is not registered');
const exchangeRuleIds = exchange.rules.map((rule) => rule.id);

describe('every exchange rule has a killing mutant', () => {
  test('the mutant catalogue covers every exchange rule and names only known rules', () => {
    const broken = new Set(exchange.reference.mutants.map((mutant) => mutant.breaks));
    expect(exchangeRuleIds.filter((id) => !broken.has(id))).toEqual([]);
    expect([...broken].filter((id) => !exchangeRuleIds.includes(id))).toEqual([]);
  });

  test('harness mutants kills every exchange mutant, and harness rules shows each rule verified', async () => {
    const result = await runCli(['mutants', '--suite', 'exchange', '--seed', '7', '--runs', '10', '--json', '--reports', '{reports}']);
    const report = JSON.parse(result.stdout) as MutantReport;
    expect(report.mutants.filter((mutant) => mutant.status !== 'killed'), result.stderr.slice(-2000)).toEqual([]);
    expect(report.mutants.map((mutant) => mutant.name).sort()).toEqual(exchange.reference.mutants.map((mutant) => mutant.name).sort());
    expect(result.code).toBe(0);

    const rules = JSON.parse((await runCli(['rules', '--json', '--reports', result.reportsDir])).stdout) as RuleRow[];
    expect(rules.filter((row) => row.family === 'exchange' && row.verified !== 'killed')).toEqual([]);
  });
});
