import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { editCharAt, foreignCursor, jsonToBase64, toBase64Url } from '../../../generators/custody/foreign-cursor.ts';
import { nonStringUpgradeField } from '../../../generators/custody/non-string-upgrade-field.ts';
import { pageStep } from '../../../generators/custody/page-step.ts';
import { upgradeBody } from '../../../generators/custody/upgrade-body.ts';
import { walkPageSizes } from '../../../generators/custody/walk-page-sizes.ts';

const token = 'q+/Ab3xyZ0==';

describe('walk page sizes', () => {
  test('1, 2 and 20, the length, a size that divides it and one that does not, at most 100', () => {
    const sizes = walkPageSizes(20);
    expect(sizes).toEqual(expect.arrayContaining([1, 2, 20, 21, 4, 3]));
    expect(sizes.some((size) => size > 1 && 20 % size === 0 && size !== 20)).toBe(true);
    expect(sizes.some((size) => 20 % size !== 0)).toBe(true);
    expect(walkPageSizes(251).every((size) => size <= 100)).toBe(true);
    expect(walkPageSizes(0)).toContain(1);
  });
});

describe('foreign cursors', () => {
  test('mappers are pure and change the token', () => {
    expect(editCharAt(token, 0)).not.toBe(token);
    expect(editCharAt(token, 0)).toHaveLength(token.length);
    expect(toBase64Url(token)).toBe('q-_Ab3xyZ0');
    expect(Buffer.from(jsonToBase64({ page: 2 }), 'base64').toString()).toBe('{"page":2}');
  });
  test('no case equals the real token; every case breaks the foreign-token rule; same seed same values', () => {
    const gen = foreignCursor({ token, otherEndpointToken: 'other==', otherSizeToken: 'size5' });
    expect(
      gen.boundaries.every((invalid) => invalid.value !== token && invalid.breaks === 'custody.cursor.foreign-token'),
    ).toBe(true);
    expect(gen.boundaries.map((invalid) => invalid.why)).toEqual(
      expect.arrayContaining([
        'the real token re-encoded as base64url',
        'the real token without its padding',
        'a token of another listing endpoint',
      ]),
    );
    const sample = fc.sample(gen.arbitrary, { seed: 3, numRuns: 50 });
    expect(sample.every((invalid) => invalid.value !== token)).toBe(true);
    expect(fc.sample(gen.arbitrary, { seed: 3, numRuns: 50 })).toEqual(sample);
  });
});

describe('upgrade bodies and steps', () => {
  test('valid bodies hold only the four fields, as strings', () => {
    for (const body of [...upgradeBody.boundaries, ...fc.sample(upgradeBody.arbitrary, { seed: 1, numRuns: 50 })]) {
      expect(
        Object.keys(body).every((key) => ['implementationID', 'fromAddressID', 'gasPrice', 'gasLimit'].includes(key)),
      ).toBe(true);
      expect(Object.values(body).every((value) => typeof value === 'string')).toBe(true);
    }
  });
  test('every invalid body has one field that is not a string', () => {
    for (const invalid of [
      ...nonStringUpgradeField.boundaries,
      ...fc.sample(nonStringUpgradeField.arbitrary, { seed: 1, numRuns: 50 }),
    ]) {
      expect(Object.values(invalid.value).filter((value) => typeof value !== 'string')).toHaveLength(1);
    }
  });
  test('FIRST and LAST carry a page size from 1 to 100', () => {
    for (const step of fc.sample(pageStep, { seed: 2, numRuns: 100 })) {
      if (step.request === 'FIRST' || step.request === 'LAST') expect(step.pageSize).toBeGreaterThanOrEqual(1);
      expect(step.pageSize).toBeLessThanOrEqual(100);
    }
  });
});
