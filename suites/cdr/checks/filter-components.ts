import type { ListQuery } from '../../../rules/cdr/list-query.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** One filter of a list query alone, with the rule that judges it alone. */
export interface FilterComponent {
  judgedBy: RuleId;
  query: ListQuery;
}

/**
 * The single filters a list query combines (and its page size), each as the query its own rule asks (effective=ALL
 * beside the
 * others, so only that filter narrows). An omitted effective is two: CURRENT itself and the default being it.
 * Pure.
 */
export function filterComponents(query: ListQuery): FilterComponent[] {
  const effective: FilterComponent[] =
    query.effective === undefined
      ? [
          { judgedBy: 'cdr.list.effective' as const, query: { effective: 'CURRENT' } },
          { judgedBy: 'cdr.list.effective-default' as const, query: {} },
        ]
      : query.effective === 'ALL'
        ? []
        : [{ judgedBy: 'cdr.list.effective' as const, query: { effective: query.effective } }];
  const others: FilterComponent[] = [
    // updated-since with effective left out is a query cdr.list.updated-since asks itself.
    ...(query.updatedSince === undefined
      ? []
      : [
          {
            judgedBy: 'cdr.list.updated-since' as const,
            query:
              query.effective === undefined
                ? { updatedSince: query.updatedSince }
                : { effective: 'ALL', updatedSince: query.updatedSince },
          },
        ]),
    ...(query.brand === undefined
      ? []
      : [{ judgedBy: 'cdr.list.brand' as const, query: { effective: 'ALL', brand: query.brand } }]),
    ...(query.productCategory === undefined
      ? []
      : [
          {
            judgedBy: 'cdr.list.product-category' as const,
            query: { effective: 'ALL', productCategory: query.productCategory },
          },
        ]),
  ];
  // A page size is no filter, but a walk at that size that loses products (effective=ALL) is the walk's fault.
  const paging: FilterComponent[] =
    query.pageSize === undefined
      ? []
      : [{ judgedBy: 'cdr.pagination.walk-complete' as const, query: { effective: 'ALL', pageSize: query.pageSize } }];
  return [...paging, ...effective, ...others];
}
