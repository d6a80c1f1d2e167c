import { expect, test } from 'vitest';
import { mutantBatches } from '../../cli/mutants-command.ts';
import { families } from '../../families/index.ts';

/** `harness mutants` verifies mutants of different families together: how it batches them. */

const catalogue = families().flatMap((family) => family.reference.mutants.map((mutant) => ({ family, mutant })));

test('every mutant in exactly one batch, at most one of each family in a batch, as few batches as the largest family', () => {
  const batches = mutantBatches(catalogue);
  expect(
    batches
      .flat()
      .map(({ mutant }) => mutant.name)
      .sort(),
  ).toEqual(catalogue.map(({ mutant }) => mutant.name).sort());
  for (const batch of batches) {
    const names = batch.map(({ family }) => family.name);
    expect(new Set(names).size, names.join(', ')).toBe(names.length);
  }
  const largest = Math.max(...families().map((family) => family.reference.mutants.length));
  expect(batches).toHaveLength(largest);
});

test("a family's mutants keep their order across the batches; one family alone is one mutant a batch", () => {
  const shortener = catalogue.filter(({ family }) => family.name === 'shortener');
  expect(mutantBatches(shortener).map((batch) => batch.map(({ mutant }) => mutant.name))).toEqual(
    shortener.map(({ mutant }) => [mutant.name]),
  );
  const batches = mutantBatches(catalogue);
  for (const family of families())
    expect(
      batches.flatMap((batch) => batch.filter((entry) => entry.family === family).map(({ mutant }) => mutant.name)),
    ).toEqual(family.reference.mutants.map((mutant) => mutant.name));
  expect(mutantBatches([])).toEqual([]);
});
