import { maxPageSize } from '../../rules/cdr/endpoints.ts';
import type { ListQuery } from '../../rules/cdr/list-query.ts';

/** Filters of one set of walks, and the page sizes to walk it at (undefined: left to the default). */
export interface WalkGroup {
  filters: ListQuery;
  pageSizes: readonly (number | undefined)[];
}

/**
 * The largest page-size asked for in walks: the standard's maximum (rules/cdr/endpoints.ts), so a list longer
 * than that is compared against a walk at 1000 instead of one single page.
 */
export const largestAskedPageSize = maxPageSize;

/**
 * A page size that divides the whole list exactly, so the walk ends on a full last page (which must give no
 * next): the largest divisor from 2 giving at least two pages, or the whole list as one full page when none does. Pure.
 */
export function fullLastPageSize(total: number): number | undefined {
  if (total < 1) return undefined;
  // Size 1 divides every list (and is walked anyway): the largest size from 2 up that divides it.
  for (let pages = 2; pages <= total / 2; pages += 1)
    if (total % pages === 0 && total / pages <= largestAskedPageSize) return total / pages;
  return total <= largestAskedPageSize ? total : undefined;
}

/**
 * The walks the pagination rules judge, from what the whole list holds (its size, a brand and a category it
 * lists): everything at one page above the whole list, 1, 2, 7, a size that divides it exactly (a full last
 * page) and the default; the CURRENT products; one
 * category, one brand's future products, and a filter that matches nothing. A size whose walk of the whole
 * list would need more pages than the cap is left out (the cap is for targets whose links never end). Pure.
 */
export function listWalkPlan(
  total: number,
  sample: { brand?: string; productCategory?: string },
  maxWalkPages: number,
): WalkGroup[] {
  const above = Math.min(total + 1, largestAskedPageSize);
  const fits = (sizes: readonly (number | undefined)[]) =>
    sizes.filter((size) => size === undefined || Math.ceil(total / size) <= maxWalkPages);
  return [
    {
      filters: { effective: 'ALL' },
      pageSizes: fits([...new Set([above, 1, 2, 7, fullLastPageSize(total), undefined])]),
    },
    { filters: {}, pageSizes: fits([above, 2, 7, undefined]) },
    ...(sample.productCategory
      ? [
          {
            filters: { effective: 'ALL', productCategory: sample.productCategory },
            pageSizes: fits([above, 1, undefined]),
          },
        ]
      : []),
    ...(sample.brand
      ? [{ filters: { effective: 'FUTURE', brand: sample.brand }, pageSizes: fits([above, 2, undefined]) }]
      : []),
    // Led by the size above the whole list too: a holder that ignores the filter is then judged against one page.
    { filters: { brand: 'no brand has this name' }, pageSizes: [above, undefined] },
  ];
}
