import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { insertAt, invalidTrackId, spaceEdgesToDots, validTrackId } from '../../../generators/billing/track-id.ts';
import type { Gen } from '../../../generators/gen.ts';
import { rulesBrokenBy, trackIdSchema } from '../../../rules/billing/schemas.ts';

/** Boundary cases and 200 seeded random ones. */
function casesOf<T>(gen: Gen<T>): T[] {
  return [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed: 5, numRuns: 200 })];
}

describe('Svc-Track-Id values', () => {
  test.each([
    ['validTrackId', validTrackId],
    ['invalidTrackId', invalidTrackId],
  ] as [string, Gen<unknown>][])('%s: the same seed gives the same values', (_, gen) => {
    expect(fc.sample(gen.arbitrary, { seed: 42, numRuns: 50 })).toEqual(
      fc.sample(gen.arbitrary, { seed: 42, numRuns: 50 }),
    );
  });
  test('every valid value keeps every rule', () => {
    for (const value of casesOf(validTrackId))
      expect(rulesBrokenBy(trackIdSchema, value), JSON.stringify(value)).toEqual([]);
  });
  test('every invalid value breaks the length rule or the charset rule, never both', () => {
    const seen = new Set<string>();
    for (const invalid of casesOf(invalidTrackId)) {
      expect(rulesBrokenBy(trackIdSchema, invalid.value), JSON.stringify(invalid.value)).toEqual([invalid.breaks]);
      seen.add(invalid.breaks);
    }
    expect([...seen].sort()).toEqual(['billing.headers.track_id.charset', 'billing.headers.track_id.length'].sort());
  });
});

describe('spaceEdgesToDots', () => {
  test('replaces a leading and a trailing space, keeps inner ones', () => {
    expect(spaceEdgesToDots(' a b ')).toBe('.a b.');
    expect(spaceEdgesToDots('a b')).toBe('a b');
    expect(spaceEdgesToDots(' ')).toBe('.');
    expect(spaceEdgesToDots('  ')).toBe('..');
    expect(spaceEdgesToDots('')).toBe('');
  });
  test('the result never starts or ends with a space, and keeps the length', () => {
    for (const value of [' x', 'x ', '   ', ' \t ', 'plain']) {
      const mapped = spaceEdgesToDots(value);
      expect(mapped.length).toBe(value.length);
      expect(mapped.startsWith(' ')).toBe(false);
      expect(mapped.endsWith(' ')).toBe(false);
    }
  });
});

describe('insertAt', () => {
  test('inserts at the position, clamped to the end', () => {
    expect(insertAt('abcd', 0, ':')).toBe(':abcd');
    expect(insertAt('abcd', 2, ':')).toBe('ab:cd');
    expect(insertAt('abcd', 4, ':')).toBe('abcd:');
    expect(insertAt('abcd', 1000, ':')).toBe('abcd:');
    expect(insertAt('', 5, ';')).toBe(';');
  });
});
