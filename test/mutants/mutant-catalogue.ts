import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import type { RuleRow } from '../../cli/rules-table.ts';
import { builtInFamilies } from '../../families/index.ts';
import { type CliResult, runCli } from '../support/run-harness-cli.ts';

/**
 * Which test file proves which families' catalogues: together every built-in family, each once. Three files of
 * about 90 mutants each, so three workers prove them side by side at the start of `npm test`.
 */
export const catalogueFiles = {
  billingAndLoyalty: ['billing', 'loyalty'],
  cardsAgenticAndShortener: ['cards', 'agentic', 'shortener'],
  cdrExchangeAndCustody: ['cdr', 'exchange', 'custody'],
} as const;

/**
 * A whole catalogue takes minutes, several on a busy machine: the bound only stops a run that hangs (the
 * machine's load must never fail it).
 */
const catalogueTimeoutMs = 1_800_000;

/** The catalogues of the named built-in families: each rule has a mutant, and `harness mutants` kills every one. */
export function describeMutantCatalogues(names: readonly string[]): void {
  const chosen = builtInFamilies.filter((family) => names.includes(family.name));
  if (chosen.length !== names.length) throw new Error(`no built-in family among ${names.join(', ')}`);
  // One `harness mutants` for the file's families (one CLI, one vitest instance, each mutant limited to the rule
  // it breaks) and one `harness rules` reading its mutants.json: every family's tests judge these two.
  let mutants: CliResult;
  let report: MutantReport;
  let rules: RuleRow[];
  beforeAll(async () => {
    const suites = chosen.flatMap((family) => ['--suite', family.name]);
    mutants = await runCli(
      ['mutants', ...suites, '--seed', '7', '--runs', '10', '--json', '--reports', '{reports}'],
      {},
      { timeoutMs: catalogueTimeoutMs },
    );
    report = JSON.parse(mutants.stdout || '{"mutants":[]}') as MutantReport;
    rules = JSON.parse((await runCli(['rules', '--json', '--reports', mutants.reportsDir])).stdout) as RuleRow[];
  }, catalogueTimeoutMs);

  test('harness mutants exits 0 and writes mutants.json with every mutant it verified', () => {
    expect(mutants.code, mutants.stderr.slice(-2000)).toBe(0);
    expect(
      (JSON.parse(readFileSync(join(mutants.reportsDir, 'mutants.json'), 'utf8')) as MutantReport).mutants.length,
    ).toBe(report.mutants.length);
  });

  describe.each(chosen.map((family) => [family.name, family] as const))(
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
}
