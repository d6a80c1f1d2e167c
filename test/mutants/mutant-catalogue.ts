import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import type { RuleRow } from '../../cli/rules-table.ts';
import { builtInFamilies } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

/**
 * Which test file proves which families' catalogues: together every built-in family, each once. Two files of
 * about 130 mutants each, so two workers prove them side by side (one file took about 340 s).
 */
export const catalogueFiles = {
  documentsOneAndThree: ['billing', 'exchange', 'cdr', 'shortener'],
  documentTwoAndCustody: ['cards', 'loyalty', 'agentic', 'custody'],
} as const;

/** The catalogues of the named built-in families: each rule has a mutant, and `harness mutants` kills every one. */
export function describeMutantCatalogues(names: readonly string[]): void {
  const chosen = builtInFamilies.filter((family) => names.includes(family.name));
  if (chosen.length !== names.length) throw new Error(`no built-in family among ${names.join(', ')}`);
  describe.each(chosen.map((family) => [family.name, family] as const))(
    'every %s rule has a killing mutant',
    (name, family) => {
      const ruleIds = family.rules.map((rule) => rule.id);

      test('the mutant catalogue covers every rule and names only known rules', () => {
        const broken = new Set<string>(family.reference.mutants.map((mutant) => mutant.breaks));
        expect(ruleIds.filter((id) => !broken.has(id))).toEqual([]);
        expect([...broken].filter((id) => !ruleIds.includes(id))).toEqual([]);
      });

      // The whole catalogue on one vitest instance, each mutant limited to the rule it breaks.
      test('harness mutants kills every mutant, and harness rules shows each rule verified', async () => {
        const result = await runCli([
          'mutants',
          '--suite',
          name,
          '--seed',
          '7',
          '--runs',
          '10',
          '--json',
          '--reports',
          '{reports}',
        ]);
        const report = JSON.parse(result.stdout) as MutantReport;
        expect(
          report.mutants.filter((mutant) => mutant.status !== 'killed'),
          result.stderr.slice(-2000),
        ).toEqual([]);
        expect(report.mutants.map((mutant) => mutant.name).sort()).toEqual(
          family.reference.mutants.map((mutant) => mutant.name).sort(),
        );
        expect(result.code).toBe(0);
        expect(
          (JSON.parse(readFileSync(join(result.reportsDir, 'mutants.json'), 'utf8')) as MutantReport).mutants.length,
        ).toBe(report.mutants.length);
        const rules = JSON.parse(
          (await runCli(['rules', '--json', '--reports', result.reportsDir])).stdout,
        ) as RuleRow[];
        expect(rules.filter((row) => row.family === name && row.verified !== 'killed')).toEqual([]);
      });
    },
  );
}
