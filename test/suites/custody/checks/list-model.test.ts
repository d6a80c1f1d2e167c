import { describe, expect, test } from 'vitest';
import { expectedAt, pageLimitOf, pagesOf, stepPosition } from '../../../../suites/custody/checks/list-model.ts';
import { tenItems } from './synthetic-walk.ts';

describe('the model of a list', () => {
  test('pages are aligned from the first item; an empty list is one empty page', () => {
    expect(pagesOf(tenItems, 4).map((page) => page.length)).toEqual([4, 4, 2]);
    expect(pagesOf(tenItems, 5).map((page) => page.length)).toEqual([5, 5]);
    expect(pagesOf([], 3)).toEqual([[]]);
  });
  test('FIRST and LAST choose the size; NEXT and PREVIOUS keep it and stay inside the list', () => {
    const last = stepPosition(tenItems, undefined, 'LAST', 3);
    expect(last).toEqual({ pageSize: 3, size: 3, index: 3 });
    expect(stepPosition(tenItems, last, 'NEXT', 7)).toBeUndefined();
    expect(stepPosition(tenItems, last, 'PREVIOUS', 7)).toEqual({ pageSize: 3, size: 3, index: 2 });
    expect(stepPosition(tenItems, undefined, 'NEXT', 3)).toBeUndefined();
    expect(stepPosition(tenItems, { pageSize: 3, size: 3, index: 0 }, 'PREVIOUS', 3)).toBeUndefined();
  });
  test("a size asked above the target's limit pages at the limit", () => {
    const last = stepPosition(tenItems, undefined, 'LAST', 20, 4);
    expect(last).toEqual({ pageSize: 20, size: 4, index: 2 });
    expect(stepPosition(tenItems, last, 'PREVIOUS', 0, 4)).toEqual({ pageSize: 20, size: 4, index: 1 });
    expect(stepPosition(tenItems, undefined, 'FIRST', 3, 4)).toEqual({ pageSize: 3, size: 3, index: 0 });
    expect(expectedAt(tenItems, { pageSize: 20, size: 4, index: 0 }, 'FIRST')).toEqual({
      step: "FIRST (page 1 of 3 at size 20, the target's limit 4)",
      items: tenItems.slice(0, 4),
      hasNext: true,
      hasPrevious: false,
    });
  });
  test('the limit is read from pages that hold fewer items than asked yet say more follows', () => {
    expect(pageLimitOf([])).toBe(Infinity);
    expect(pageLimitOf([{ asked: 100, items: 10, hasNext: false }])).toBe(Infinity);
    expect(pageLimitOf([{ asked: 20, items: 20, hasNext: true }])).toBe(Infinity);
    expect(pageLimitOf([{ asked: 20, items: 0, hasNext: true }])).toBe(Infinity);
    expect(
      pageLimitOf([
        { asked: 100, items: 7, hasNext: true },
        { asked: 20, items: 7, hasNext: true },
      ]),
    ).toBe(7);
  });
  test('the expected page carries its items and the flags of its place', () => {
    expect(expectedAt(tenItems, { pageSize: 4, size: 4, index: 2 }, 'LAST')).toEqual({
      step: 'LAST (page 3 of 3 at size 4)',
      items: ['i8', 'i9'],
      hasNext: false,
      hasPrevious: true,
    });
    expect(expectedAt([], { pageSize: 4, size: 4, index: 0 }, 'FIRST')).toMatchObject({
      items: [],
      hasNext: false,
      hasPrevious: false,
    });
  });
});
