import { availableParallelism } from 'node:os';
import { expect, test } from 'vitest';
import { defaultWorkers } from '../../run/suite-runner.ts';
import { familyByName } from '../../families/index.ts';

/*
 * How many workers a run's suite files get by default (run/suite-runner.ts): vitest's own number, and one for each
 * rate-limit probe that can run beside another family's files.
 */

const family = (name: string) => {
  const found = familyByName(name);
  if (!found) throw new Error(`${name} is not registered`);
  return found;
};
const base = Math.max(1, availableParallelism() - 1);

test('a worker more for each probe when there are other families to run beside it', () => {
  // billing and exchange each have one rate-limit probe; shortener none.
  expect(defaultWorkers([family('billing'), family('exchange'), family('shortener')])).toBe(base + 2);
  expect(defaultWorkers([family('billing'), family('shortener')])).toBe(base + 1);
});

test('a family run alone gets none: its probe comes after its own files, with nothing to run beside', () => {
  expect(defaultWorkers([family('billing')])).toBe(base);
  expect(defaultWorkers([family('exchange')])).toBe(base);
});
