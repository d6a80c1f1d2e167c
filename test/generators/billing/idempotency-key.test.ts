import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { invalidIdempotencyKey, validIdempotencyKey } from '../../../generators/billing/idempotency-key.ts';
import type { Gen } from '../../../generators/gen.ts';
import { idempotencyKeySchema, rulesBrokenBy } from '../../../rules/billing/schemas.ts';

/** Boundary cases and 200 seeded random ones. */
function casesOf<T>(gen: Gen<T>): T[] {
  return [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed: 5, numRuns: 200 })];
}

describe('Idempotency-Key values', () => {
  test.each([
    ['validIdempotencyKey', validIdempotencyKey],
    ['invalidIdempotencyKey', invalidIdempotencyKey],
  ] as [string, Gen<unknown>][])('%s: the same seed gives the same values', (_, gen) => {
    expect(fc.sample(gen.arbitrary, { seed: 42, numRuns: 50 })).toEqual(
      fc.sample(gen.arbitrary, { seed: 42, numRuns: 50 }),
    );
  });
  test('every valid value keeps the length rule', () => {
    for (const value of casesOf(validIdempotencyKey)) expect(rulesBrokenBy(idempotencyKeySchema, value)).toEqual([]);
  });
  test('every invalid value breaks exactly the length rule', () => {
    for (const invalid of casesOf(invalidIdempotencyKey))
      expect(rulesBrokenBy(idempotencyKeySchema, invalid.value)).toEqual([invalid.breaks]);
  });
});
