import { shownWalkPageSize } from '../../rules/custody/limits.ts';

/** The spec shows no maximum page size; no target is asked for more than this. */
export const largestAskedPageSize = 100;

/**
 * The page sizes to walk a list of `length` items at: 1, 2 and 20 (the spec's walk), the length itself, one
 * more, and sizes that divide the length and that do not (with a remainder of 1). Pure; no duplicates.
 */
export function walkPageSizes(length: number): number[] {
  const dividing = [3, 4, 5, 6, 7, 8, 10].find((size) => length > size && length % size === 0);
  const notDividing =
    [3, 4, 5, 6, 7, 9].find((size) => length > size && length % size === 1) ??
    [3, 7].find((size) => length % size !== 0);
  const sizes = [1, 2, shownWalkPageSize, Math.max(length, 1), length + 1, dividing, notDividing];
  return [
    ...new Set(sizes.filter((size): size is number => size !== undefined && size >= 1 && size <= largestAskedPageSize)),
  ];
}
