import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import type { RuleRow } from '../../cli/rules-table.ts';
import { builtInFamilies } from '../../families/index.ts';
import { type CliResult, runCli } from '../support/run-harness-cli.ts';

/*
 * The whole mutant catalogue of the built-in families: each rule has a mutant, and one `harness mutants` (one CLI,
 * one vitest instance, the mutants of different families verified together, each limited to the rule it breaks)
 * kills every one; `harness rules` reads its mutants.json. Every family's tests judge these two runs.
 */

/**
 * The catalogue takes a minute and a half alone, several on a busy machine: the bound only stops a run that hangs
 * (the machine's load must never fail it).
 */
const catalogueTimeoutMs = 1_800_000;

let mutants: CliResult;
let report: MutantReport;
let rules: RuleRow[];
beforeAll(async () => {
  const suites = builtInFamilies.flatMap((family) => ['--suite', family.name]);
  mutants = await runCli(
    ['mutants', ...suites, '--seed', '7', '--runs', '10', '--json', '--reports', '{reports}'],
    {},
    { timeoutMs: catalogueTimeoutMs },
  );
  report = JSON.parse(mutants.stdout || '{"mutants":[]}') as MutantReport;
  rules = JSON.parse((await runCli(['rules', '--json', '--reports', mutants.reportsDir])).stdout) as RuleRow[];
}, catalogueTimeoutMs);

test('harness mutants exits 0 and writes mutants.json with every mutant it verified, in the catalogue order', () => {
  expect(mutants.code, mutants.stderr.slice(-2000)).toBe(0);
  const written = JSON.parse(readFileSync(join(mutants.reportsDir, 'mutants.json'), 'utf8')) as MutantReport;
  expect(written.mutants.map((mutant) => mutant.name)).toEqual(
    builtInFamilies.flatMap((family) => family.reference.mutants.map((mutant) => mutant.name)),
  );
});

describe.each(builtInFamilies.map((family) => [family.name, family] as const))(
  'every %s rule has a killing mutant',
  (name, family) => {
    const ruleIds = family.rules.map((rule) => rule.id);

    test('the mutant catalogue covers every rule and names only known rules', () => {
      const broken = new Set<string>(family.reference.mutants.map((mutant) => mutant.breaks));
      expect(ruleIds.filter((id) => !broken.has(id))).toEqual([]);
      expect([...broken].filter((id) => !ruleIds.includes(id))).toEqual([]);
    });

    test('harness mutants kills every mutant, and harness rules shows each rule verified', () => {
      const own = report.mutants.filter((mutant) => mutant.family === name);
      expect(
        own.filter((mutant) => mutant.status !== 'killed'),
        mutants.stderr.slice(-2000),
      ).toEqual([]);
      expect(own.map((mutant) => mutant.name).sort()).toEqual(
        family.reference.mutants.map((mutant) => mutant.name).sort(),
      );
      expect(rules.filter((row) => row.family === name && row.verified !== 'killed')).toEqual([]);
    });
  },
);
