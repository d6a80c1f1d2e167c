import { describe, expect, test } from 'vitest';
import type { MutantReport } from '../../cli/mutants-command.ts';
import { runCli } from '../support/run-harness-cli.ts';

/**
 * One fault, one failed rule (issue 17) on the cards catalogue: every mutant run against the whole family.
 * The one mutant left with collateral turns the cards of an unenrolled account INACTIVE: a status can only be
 * seen on a card that is still shown, which the cards-inaccessible rule already fails.
 */
// 58 mutants times 53 rules take over ten minutes: `npm run test:collateral` runs it, `npm test` does not.
const enabled = process.env.HARNESS_COLLATERAL_ALL === '1';
if (!enabled) console.log('collateral-cards: skipped in npm test (over ten minutes); run `npm run test:collateral`');

const reached = { withoutCollateral: 57, worst: 1 } as const;

describe.skipIf(!enabled)('harness mutants --suite cards --collateral', () => {
  test(
    `keeps at least ${reached.withoutCollateral} mutants without collateral and at most ${reached.worst} collateral failure for one mutant`,
    async () => {
      const result = await runCli(['mutants', '--suite', 'cards', '--collateral', '--runs', '10', '--json', '--reports', '{reports}']);
      const report = JSON.parse(result.stdout) as MutantReport;
      const spread = report.mutants.filter((mutant) => (mutant.collateral?.length ?? 0) > 0).map((mutant) => `${mutant.name}: ${mutant.collateral?.join(', ')}`);
      expect(report.mutants.filter((mutant) => mutant.status !== 'killed').map((mutant) => mutant.name), result.stderr.slice(-2000)).toEqual([]);
      const measured = report.collateral?.cards;
      expect(measured?.mutants).toBe(report.mutants.length);
      expect(measured?.withoutCollateral, spread.join('\n')).toBeGreaterThanOrEqual(reached.withoutCollateral);
      expect(measured?.worst, spread.join('\n')).toBeLessThanOrEqual(reached.worst);
      // The aim holds on its own: at least 95% of mutants without collateral, never more than two.
      expect((measured?.withoutCollateral ?? 0) / (measured?.mutants || 1)).toBeGreaterThanOrEqual(0.95);
    },
    1_800_000,
  );
});
