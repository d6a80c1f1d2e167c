import { describe, expect, test } from 'vitest';
import {
  collateralFigures,
  type MutantReport,
  type MutantVerification,
  renderMutantTable,
} from '../../cli/mutants-command.ts';
import type { RuleId } from '../../rules/rule-id.ts';

const mutant = (name: string, family: string, collateral: string[], blocked: string[] = []): MutantVerification => ({
  name,
  family,
  // A made-up mutant of a made-up rule: the figures read only its name and family.
  breaks: `${family}.rule.${name}` as RuleId,
  mode: 'default',
  description: '',
  status: 'killed',
  ms: 10,
  collateral,
  blocked,
});

describe('collateral figures of harness mutants --collateral', () => {
  const mutants = [
    mutant('a', 'cdr', []),
    mutant('b', 'cdr', ['cdr.other'], ['cdr.blocked.one']),
    mutant('c', 'cards', ['cards.x', 'cards.y']),
    mutant('d', 'cards', []),
  ];

  test('count the mutants without collateral, the worst and the total; blocked rules are not collateral', () => {
    expect(collateralFigures(mutants)).toEqual({ mutants: 4, withoutCollateral: 2, worst: 2, total: 3 });
    expect(collateralFigures([])).toEqual({ mutants: 0, withoutCollateral: 0, worst: 0, total: 0 });
  });

  test('the table shows a count per mutant, the rules that also failed, and a line per family and in all', () => {
    const report: MutantReport = {
      startedAt: '',
      durationMs: 1000,
      seed: 1,
      runs: 10,
      mutants,
      collateral: {
        cdr: collateralFigures(mutants.slice(0, 2)),
        cards: collateralFigures(mutants.slice(2)),
        all: collateralFigures(mutants),
      },
    };
    const text = renderMutantTable(report);
    expect(text).toMatch(/^b\s+cdr\.rule\.b\s+killed\s+10 ms\s+1 {2}also failed: cdr\.other$/m);
    expect(text).toContain(
      'collateral cdr: 1 of 2 mutants (50.0%) failed no other rule; 1 collateral failures in all, at most 1 for one mutant',
    );
    expect(text).toContain(
      'collateral all: 2 of 4 mutants (50.0%) failed no other rule; 3 collateral failures in all, at most 2 for one mutant',
    );
  });

  test('without --collateral the table has no collateral column', () => {
    expect(
      renderMutantTable({
        startedAt: '',
        durationMs: 1,
        seed: 1,
        runs: 1,
        mutants: [{ ...mutant('a', 'cdr', []), collateral: undefined } as MutantVerification],
      }),
    ).not.toContain('collateral');
  });
});
