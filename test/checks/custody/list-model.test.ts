import { describe, expect, test } from 'vitest';
import { expectedAt, pagesOf, stepPosition } from '../../../checks/custody/list-model.ts';
import { tenItems } from './synthetic-walk.ts';

describe('the model of a list', () => {
  test('pages are aligned from the first item; an empty list is one empty page', () => {
    expect(pagesOf(tenItems, 4).map((page) => page.length)).toEqual([4, 4, 2]);
    expect(pagesOf(tenItems, 5).map((page) => page.length)).toEqual([5, 5]);
    expect(pagesOf([], 3)).toEqual([[]]);
  });
  test('FIRST and LAST choose the size; NEXT and PREVIOUS keep it and stay inside the list', () => {
    const last = stepPosition(tenItems, undefined, 'LAST', 3);
    expect(last).toEqual({ pageSize: 3, index: 3 });
    expect(stepPosition(tenItems, last, 'NEXT', 7)).toBeUndefined();
    expect(stepPosition(tenItems, last, 'PREVIOUS', 7)).toEqual({ pageSize: 3, index: 2 });
    expect(stepPosition(tenItems, undefined, 'NEXT', 3)).toBeUndefined();
    expect(stepPosition(tenItems, { pageSize: 3, index: 0 }, 'PREVIOUS', 3)).toBeUndefined();
  });
  test('the expected page carries its items and the flags of its place', () => {
    expect(expectedAt(tenItems, { pageSize: 4, index: 2 }, 'LAST')).toEqual({
      step: 'LAST (page 3 of 3 at size 4)',
      items: ['i8', 'i9'],
      hasNext: false,
      hasPrevious: true,
    });
    expect(expectedAt([], { pageSize: 4, index: 0 }, 'FIRST')).toMatchObject({
      items: [],
      hasNext: false,
      hasPrevious: false,
    });
  });
});
