import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import {
  coincidenceMarker,
  type DocumentedLimit,
  familyLimitLiterals,
  limitLiterals,
  limitsOf,
  stagesUsingLimits,
} from '../support/literal-limits.ts';

/*
 * Each documented limit and enumeration is a named export of rules/<family>/limits.ts, and nothing outside
 * rules/ writes it again as a literal: a new limit exported there is looked for at once, in the family's
 * folders of generators/, checks/, suites/, reference/ (mutants included) and load/.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

async function documentedLimits(family: string): Promise<DocumentedLimit[]> {
  return limitsOf(family, await import(`../../rules/${family}/limits.ts`));
}

describe('documented limits are written once, in rules/<family>/limits.ts', () => {
  test('every built-in family has a limits module with at least one limit', async () => {
    for (const { name } of builtInFamilies) {
      expect(existsSync(`${root}/rules/${name}/limits.ts`), `rules/${name}/limits.ts`).toBe(true);
      expect((await documentedLimits(name)).length, name).toBeGreaterThan(0);
    }
  });

  test.each(builtInFamilies.map(({ name }) => name))(
    `no %s limit is written as a literal in ${stagesUsingLimits.join(', ')}`,
    async (family) => {
      const found = familyLimitLiterals(root, family, await documentedLimits(family));
      const lines = found.map(({ at, literal, limit }) => `${at}: ${literal} is ${limit}`);
      expect(
        lines,
        `import these from rules/${family}/limits.ts (or mark a coincidence "${coincidenceMarker}")`,
      ).toEqual([]);
    },
  );

  test('the scan finds a limit written again, and lets a unit factor and a marked coincidence be', () => {
    const limits = limitsOf('demo', { maxItems: 500, kinds: ['A', 'B', 'C'], codes: { ok: 'E-OK' } });
    const file = fileURLToPath(new URL('./fixtures/limit-literals.ts', import.meta.url));
    expect(limitLiterals(root, file, limits).map(({ at, limit }) => `${at.split(':')[1]} ${limit}`)).toEqual([
      '2 demo.maxItems',
      '3 demo.kinds',
      '4 demo.codes.ok',
      '5 demo.maxItems + 1',
    ]);
  });
});
