import type { ListQuery } from '../../rules/cdr/list-query.ts';

/** Filters of one set of walks, and the page sizes to walk it at (undefined: left to the default). */
export interface WalkGroup {
  filters: ListQuery;
  pageSizes: readonly (number | undefined)[];
}

/**
 * The largest page-size asked for: the document shows no maximum, and data holders of this standard cap it
 * at 1000, so a list longer than that is compared against a walk at 1000 instead of one single page.
 */
export const largestAskedPageSize = 1000;

/**
 * The walks the pagination rules judge, from what the whole list holds (its size, a brand and a category it
 * lists): everything at one page above the whole list, 1, 2, 7 and the default; the CURRENT products; one
 * category, one brand's future products, and a filter that matches nothing. A size whose walk of the whole
 * list would need more pages than the cap is left out (the cap is for targets whose links never end). Pure.
 */
export function listWalkPlan(total: number, sample: { brand?: string; productCategory?: string }, maxWalkPages: number): WalkGroup[] {
  const above = Math.min(total + 1, largestAskedPageSize);
  const fits = (sizes: readonly (number | undefined)[]) => sizes.filter((size) => size === undefined || Math.ceil(total / size) <= maxWalkPages);
  return [
    { filters: { effective: 'ALL' }, pageSizes: fits([above, 1, 2, 7, undefined]) },
    { filters: {}, pageSizes: fits([above, 2, 7, undefined]) },
    ...(sample.productCategory ? [{ filters: { effective: 'ALL', productCategory: sample.productCategory }, pageSizes: fits([above, 1, undefined]) }] : []),
    ...(sample.brand ? [{ filters: { effective: 'FUTURE', brand: sample.brand }, pageSizes: fits([above, 2, undefined]) }] : []),
    { filters: { brand: 'no brand has this name' }, pageSizes: [undefined] },
  ];
}
