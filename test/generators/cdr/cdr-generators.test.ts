import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { invalidListQuery } from '../../../generators/cdr/invalid-list-query.ts';
import { invalidVersionValue } from '../../../generators/cdr/invalid-version-value.ts';
import { listWalkPlan } from '../../../generators/cdr/list-walk-plan.ts';
import { unknownProductId, unknownProductIds } from '../../../generators/cdr/unknown-product-id.ts';
import { updatedSinceCuts, withOffset } from '../../../generators/cdr/updated-since-cuts.ts';
import {
  otherWithInfo,
  periodicWithFrequency,
  feeWithStructure,
} from '../../../generators/cdr/valid-product-detail.ts';
import { effectiveValues, productCategories } from '../../../rules/cdr/enums.ts';

const positiveInteger = /^[1-9]\d*$/;

describe('invalid version values', () => {
  test('no value is a positive integer; missing only when asked; same seed same values', () => {
    const gen = invalidVersionValue('cdr.x-v.required', true);
    expect(gen.boundaries.map((invalid) => invalid.value)).toEqual(
      expect.arrayContaining([null, '', '0', '-1', '1.5', 'abc']),
    );
    expect(invalidVersionValue('cdr.x-min-v.invalid', false).boundaries.some((invalid) => invalid.value === null)).toBe(
      false,
    );
    const sample = fc.sample(gen.arbitrary, { seed: 4, numRuns: 200 });
    const readsAsPositive = (value: string) => Number.isInteger(Number(value)) && Number(value) > 0;
    expect(
      sample.every(
        (invalid) =>
          invalid.value !== null &&
          !readsAsPositive(invalid.value) &&
          !/\s/.test(invalid.value) &&
          invalid.breaks === 'cdr.x-v.required',
      ),
    ).toBe(true);
    expect(gen.boundaries.some((invalid) => invalid.value !== null && readsAsPositive(invalid.value))).toBe(false);
    expect(fc.sample(gen.arbitrary, { seed: 4, numRuns: 200 })).toEqual(sample);
  });
});

describe('invalid list queries', () => {
  const known = new Set<string>([...effectiveValues, ...productCategories]);
  /** Whether a case is outside the domain its rule names (one parameter, the one its rule is about). */
  const outOfDomain = (query: Record<string, unknown>, rule: string) => {
    const entries = Object.entries(query);
    if (entries.length !== 1) return false;
    const [key, value] = entries[0] as [string, unknown];
    if (rule === 'cdr.list.invalid-enum')
      return (key === 'effective' || key === 'productCategory') && !known.has(String(value));
    if (rule === 'cdr.list.invalid-updated-since') {
      const text = String(value);
      // Well-formed but impossible dates (month 13, February 30) are out of the domain too.
      return (
        key === 'updatedSince' &&
        (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) ||
          /^2024-(13|02-30)/.test(text))
      );
    }
    if (rule === 'cdr.list.page-size-above-max') return key === 'pageSize' && Number(value) > 1000;
    return (key === 'page' || key === 'pageSize') && !positiveInteger.test(String(value));
  };
  test('every case changes one parameter out of the domain of the rule it names, and every rule has cases', () => {
    const cases = [...invalidListQuery.boundaries, ...fc.sample(invalidListQuery.arbitrary, { seed: 5, numRuns: 300 })];
    expect(cases.filter((invalid) => !outOfDomain(invalid.value as Record<string, unknown>, invalid.breaks))).toEqual(
      [],
    );
    expect(new Set(cases.map((invalid) => invalid.breaks))).toEqual(
      new Set([
        'cdr.list.invalid-enum',
        'cdr.list.invalid-updated-since',
        'cdr.list.invalid-paging',
        'cdr.list.page-size-above-max',
      ]),
    );
  });
});

describe('updated-since cuts and walk plans', () => {
  const values = ['2026-01-01T00:00:00Z', '2025-01-01T00:00:00Z', '2024-06-01T12:00:00Z', '2026-03-01T00:00:00Z'];
  test('a cut exactly at a listed lastUpdated, one in a +10:00 form, and both far ends', () => {
    const cuts = updatedSinceCuts(values, Date.parse('2026-06-01T00:00:00Z'));
    expect(values).toContain(cuts[0]?.value);
    expect(cuts[1]?.value).toMatch(/\+10:00$/);
    expect(cuts.map((cut) => cut.value)).toEqual(
      expect.arrayContaining(['1990-01-01T00:00:00Z', '2027-06-01T00:00:00.000Z']),
    );
    expect(updatedSinceCuts([], 0)).toHaveLength(2);
  });
  test('withOffset names the same instant', () => {
    expect(Date.parse(withOffset(Date.parse('2026-01-01T00:00:00Z')))).toBe(Date.parse('2026-01-01T00:00:00Z'));
  });
  test('the plan walks everything at 1, 2, 7, the default and above the list, each group led by the size above', () => {
    const plan = listWalkPlan(390, { brand: 'B', productCategory: 'LEASES' }, 2000);
    expect(plan[0]).toEqual({ filters: { effective: 'ALL' }, pageSizes: [391, 1, 2, 7, 195, undefined] });
    // 195 divides 390: the walk ends on a full last page. A prime total is walked as one full page.
    expect(listWalkPlan(389, {}, 2000)[0]?.pageSizes).toContain(389);
    expect(plan.filter((group) => group.pageSizes.length > 1).every((group) => group.pageSizes[0] === 391)).toBe(true);
    expect(plan.some((group) => group.filters.brand === 'no brand has this name')).toBe(true);
    expect(listWalkPlan(0, {}, 2000).map((group) => group.filters)).not.toContainEqual(
      expect.objectContaining({ productCategory: expect.anything() }),
    );
  });
  test('a long list is walked at sizes that fit the page cap, and never asked for more than 1000 a page', () => {
    const [everything] = listWalkPlan(5000, {}, 2000);
    expect(everything?.pageSizes).toEqual([1000, 7, undefined]);
  });
  test('unknown ids are made without the catalogue: all carry the prefix no holder uses; one seed gives the same ids', () => {
    const gen = unknownProductId();
    const ids = [...gen.boundaries, ...fc.sample(gen.arbitrary, { seed: 6, numRuns: 100 })].map(
      (invalid) => invalid.value,
    );
    expect(ids.every((id) => id.startsWith('harness-unknown-'))).toBe(true);
    expect(unknownProductIds(3, 9)).toEqual(unknownProductIds(3, 9));
  });
});

describe('valid detail mappers', () => {
  test('they add what the conditional rules need, and leave a record that needs nothing unchanged', () => {
    expect(otherWithInfo('featureType')({ featureType: 'OTHER' })).toHaveProperty('additionalInfo');
    const plain = { featureType: 'CARD_ACCESS' };
    expect(otherWithInfo('featureType')(plain)).toBe(plain);
    expect(periodicWithFrequency({ applicationType: 'PERIODIC' })).toHaveProperty('applicationFrequency');
    expect(feeWithStructure({ feeMethodUType: 'variable' })).toHaveProperty('variable');
  });
});
