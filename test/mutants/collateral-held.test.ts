import { describe, expect, test } from 'vitest';
import { collateralFigures, type MutantReport, type MutantVerification } from '../../cli/mutants-command.ts';
import type { MutantInfo } from '../../reference/family-reference.ts';
import { familyByName } from '../../families/index.ts';
import { runCli } from '../support/run-harness-cli.ts';

/**
 * One fault, one failed rule (issue 17): every mutant of a family run against the whole family, the rules that
 * failed besides the one it breaks counted as collateral. The figures each family reached are held here so
 * they cannot regress, and the aim holds on its own: at least 95% of mutants without collateral,
 * never more than two for one mutant.
 */
// Every rule of a family for each of its mutants takes minutes (billing about half an hour: its token rules
// space their requests): `npm run test:collateral` runs this file; `npm test` keeps shortener's figure
// (collateral-shortener.test.ts) within its time budget.
const enabled = process.env.HARNESS_COLLATERAL_ALL === '1';
if (!enabled)
  console.log('collateral-held: skipped in npm test (about an hour for every family); run `npm run test:collateral`');

/**
 * The figures reached. The one cards mutant left, cards-unenrolled-cards-turn-inactive, shows its INACTIVE
 * status only on a card still shown after unenrolment, which cards.unenrol.cards-inaccessible fails.
 */
const reached: Record<string, { withoutCollateral: number; worst: number }> = {
  billing: { withoutCollateral: 42, worst: 0 },
  exchange: { withoutCollateral: 14, worst: 0 },
  custody: { withoutCollateral: 16, worst: 0 },
  cdr: { withoutCollateral: 60, worst: 0 },
  cards: { withoutCollateral: 57, worst: 1 },
  agentic: { withoutCollateral: 18, worst: 0 },
  loyalty: { withoutCollateral: 35, worst: 0 },
};

/** The rules the mutants break, a few mutants per CLI call, so that each call stays within its 300 s limit. */
function ruleBatches(mutants: readonly MutantInfo[], mutantsPerCall: number): string[][] {
  const batches: string[][] = [];
  let size = mutantsPerCall;
  for (const rule of [...new Set(mutants.map((mutant) => mutant.breaks))]) {
    const count = mutants.filter((mutant) => mutant.breaks === rule).length;
    if (size + count > mutantsPerCall) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)?.push(rule);
    size += count;
  }
  return batches;
}

describe.skipIf(!enabled).each(Object.entries(reached))(
  'harness mutants --suite %s --collateral',
  (family, figures) => {
    test(`keeps at least ${figures.withoutCollateral} mutants without collateral and at most ${figures.worst} collateral failures for one mutant`, async () => {
      const catalogue = familyByName(family)?.reference.mutants ?? [];
      const mutants: MutantVerification[] = [];
      for (const rules of ruleBatches(catalogue, family === 'billing' ? 4 : 12)) {
        const result = await runCli([
          'mutants',
          '--suite',
          family,
          ...rules.flatMap((rule) => ['--rule', rule]),
          '--collateral',
          '--runs',
          '10',
          '--json',
          '--reports',
          '{reports}',
        ]);
        expect(result.stdout, result.stderr.slice(-2000)).not.toBe('');
        mutants.push(...(JSON.parse(result.stdout) as MutantReport).mutants);
      }
      const spread = mutants
        .filter((mutant) => (mutant.collateral?.length ?? 0) > 0)
        .map((mutant) => `${mutant.name}: ${mutant.collateral?.join(', ')}`);
      expect(mutants.filter((mutant) => mutant.status !== 'killed').map((mutant) => mutant.name)).toEqual([]);
      expect(mutants.length).toBe(catalogue.length);
      const measured = collateralFigures(mutants);
      expect(measured.withoutCollateral, spread.join('\n')).toBeGreaterThanOrEqual(figures.withoutCollateral);
      expect(measured.worst, spread.join('\n')).toBeLessThanOrEqual(figures.worst);
      expect(measured.withoutCollateral / (catalogue.length || 1)).toBeGreaterThanOrEqual(0.95);
      expect(measured.worst).toBeLessThanOrEqual(2);
    }, 3_600_000);
  },
);
