import type { ListQuery } from '../../client/cdr/list-query.ts';

/** Filters of one set of walks, and the page sizes to walk it at (undefined: left to the default). */
export interface WalkGroup {
  filters: ListQuery;
  pageSizes: readonly (number | undefined)[];
}

/**
 * The walks the pagination rules judge, from what the whole list holds (its size, a brand and a category it
 * lists): everything at 1, 2, 7, the default and one above the whole list; the CURRENT products; one category,
 * one brand's future products, and a filter that matches nothing. Pure.
 */
export function listWalkPlan(total: number, sample: { brand?: string; productCategory?: string }): WalkGroup[] {
  const above = total + 1;
  return [
    { filters: { effective: 'ALL' }, pageSizes: [above, 1, 2, 7, undefined] },
    { filters: {}, pageSizes: [above, 2, 7, undefined] },
    ...(sample.productCategory ? [{ filters: { effective: 'ALL', productCategory: sample.productCategory }, pageSizes: [above, 1, undefined] }] : []),
    ...(sample.brand ? [{ filters: { effective: 'FUTURE', brand: sample.brand }, pageSizes: [above, 2, undefined] }] : []),
    { filters: { brand: 'no brand has this name' }, pageSizes: [undefined] },
  ];
}
