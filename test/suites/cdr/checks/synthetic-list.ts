import type { ListPage as ListResponse } from '../../../../suites/cdr/checks/product-walk.ts';
import type { ProductWalk } from '../../../../suites/cdr/checks/product-walk.ts';
import { jsonExchange } from '../../../checks/exchanges.ts';

const base = 'https://holder.example/cdr/v1/banking/products';
export const pageUrl = (page: number, pageSize: number) => `${base}?page-size=${pageSize}&page=${page}`;

/** The pages a correct data holder gives for products at a page size (an empty list: one page 1, totals 0). */
export function correctPages(products: readonly Record<string, unknown>[], pageSize: number): ListResponse[] {
  const pages = Math.max(1, Math.ceil(products.length / pageSize));
  const totalPages = products.length === 0 ? 0 : pages;
  return Array.from({ length: pages }, (_, index) => {
    const page = index + 1;
    return {
      data: { products: products.slice(index * pageSize, page * pageSize) },
      links: {
        self: pageUrl(page, pageSize),
        ...(page > 1 ? { first: pageUrl(1, pageSize), prev: pageUrl(page - 1, pageSize) } : {}),
        ...(page < pages ? { next: pageUrl(page + 1, pageSize), last: pageUrl(pages, pageSize) } : {}),
      },
      meta: { totalRecords: products.length, totalPages },
    };
  });
}

/** A page as the walker records it: asked by the URL of its place in the walk (the link the walker followed to it). */
function observedPage(body: ListResponse, url: string) {
  const exchange = jsonExchange(200, body);
  return { exchange: { ...exchange, request: { ...exchange.request, method: 'GET', url } }, body };
}

/** A walk as the walker records it, from page bodies. */
export function syntheticWalk(
  bodies: readonly ListResponse[],
  pageSize: number | undefined,
  direction: ProductWalk['direction'] = 'forward',
  ended: ProductWalk['ended'] = 'end-reached',
): ProductWalk {
  return {
    query: `page-size=${pageSize}`,
    pageSize,
    direction,
    ended,
    pages: bodies.map((body, index) =>
      observedPage(body, pageUrl(direction === 'forward' ? index + 1 : bodies.length - index, pageSize ?? 25)),
    ),
  };
}

/** A product with the fields the filters read. */
export function product(id: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { productId: `p${id}`, lastUpdated: '2026-01-01T00:00:00Z', brand: 'A', productCategory: 'LEASES', ...fields };
}

export const tenProducts = Array.from({ length: 10 }, (_, index) => product(index));
