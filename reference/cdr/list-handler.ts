import type { CdrBehaviour, ErrorItem, ListRequest, PagePlan } from './behaviour.ts';
import type { CatalogueProduct } from './catalogue.ts';
import { referenceErrors } from './error-responses.ts';
import { asListVersion } from './versions.ts';

/** What the list answers: a page, or a refusal with its status and error. */
export type ListOutcome = { status: 200; body: unknown } | { status: number; error: ErrorItem };

/** Reads and validates the query; the first invalid parameter is the refusal. */
function readRequest(
  query: URLSearchParams,
  behaviour: CdrBehaviour,
): ListRequest | { status: number; error: ErrorItem } {
  const get = (name: string) => query.get(name) ?? undefined;
  const effective = get('effective');
  if (effective !== undefined && !behaviour.validEffective(effective))
    return {
      status: 400,
      error: referenceErrors.invalidField(`effective ${JSON.stringify(effective)} is not CURRENT, FUTURE or ALL`),
    };
  const productCategory = get('product-category');
  if (productCategory !== undefined && !behaviour.validCategory(productCategory))
    return {
      status: 400,
      error: referenceErrors.invalidField(
        `product-category ${JSON.stringify(productCategory)} is not a product category`,
      ),
    };
  const updatedSince = get('updated-since');
  if (updatedSince !== undefined && !behaviour.validDateTime(updatedSince))
    return {
      status: 400,
      error: referenceErrors.invalidDateTime(
        `updated-since ${JSON.stringify(updatedSince)} is not an RFC 3339 date-time`,
      ),
    };
  const page = get('page');
  if (page !== undefined && !behaviour.validPageNumber(page))
    return {
      status: 400,
      error: referenceErrors.invalidField(`page ${JSON.stringify(page)} is not a positive integer`),
    };
  const pageSize = get('page-size');
  if (pageSize !== undefined && (!behaviour.validPageNumber(pageSize) || !behaviour.pageSizeServed(Number(pageSize))))
    return {
      status: 400,
      error: referenceErrors.invalidPageSize(`page-size ${JSON.stringify(pageSize)} is not an integer from 1 to 1000`),
    };
  return { effective, updatedSince, brand: get('brand'), productCategory };
}

/**
 * The product list: filters, then pages of page-size in catalogue order. Links name their page by setting
 * `page` in the request's own URL, so every other parameter of the request is kept.
 */
export function answerList(
  catalogue: readonly CatalogueProduct[],
  behaviour: CdrBehaviour,
  url: URL,
  now: number,
  version: number,
): ListOutcome {
  const request = readRequest(url.searchParams, behaviour);
  if ('error' in request) return request;
  const page = Number(url.searchParams.get('page') ?? behaviour.defaultPage);
  const pageSize = Number(url.searchParams.get('page-size') ?? behaviour.defaultPageSize);
  const items = behaviour.applyFilters(
    catalogue.map(({ item }) => item),
    request,
    now,
    behaviour,
  );
  const plan: PagePlan = {
    page,
    pageSize,
    total: items.length,
    totalPages: behaviour.totalPages(items.length, pageSize),
  };
  if (page > Math.max(plan.totalPages, 1) && behaviour.pastLastStatus !== 0) {
    return {
      status: behaviour.pastLastStatus,
      error: referenceErrors.invalidPage(`page ${page} is past the last page (${plan.totalPages})`),
    };
  }
  const urlFor = (target: number) => {
    const link = new URL(url);
    link.searchParams.set('page', String(target));
    return link.href;
  };
  const indexOf = new Map(catalogue.map(({ item }, index) => [item, index]));
  const products = behaviour.pageItems(items, plan, url.searchParams).map((item) => {
    const index = indexOf.get(item) ?? -1;
    return behaviour.servedRecord(asListVersion(behaviour.listRecord(item, index), version), 'list', version, index);
  });
  return {
    status: 200,
    body: { data: { products }, links: behaviour.links(plan, urlFor), meta: behaviour.listMeta(plan, products.length) },
  };
}
