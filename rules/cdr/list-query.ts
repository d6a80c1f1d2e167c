import type { Effective } from './enums.ts';

/** Query parameters of the product list; absent ones are not sent (so defaults are checked by omission). */
export interface ListQuery {
  effective?: Effective | string;
  updatedSince?: string;
  brand?: string;
  productCategory?: string;
  page?: number | string;
  pageSize?: number | string;
}

const names: Record<keyof ListQuery, string> = {
  effective: 'effective',
  updatedSince: 'updated-since',
  brand: 'brand',
  productCategory: 'product-category',
  page: 'page',
  pageSize: 'page-size',
};

/** The query string of a first list request (later pages come from the links, never from here). Pure. */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(names) as (keyof ListQuery)[]) {
    const value = query[key];
    if (value !== undefined) params.set(names[key], String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query in words, for reports ("effective=ALL page-size=7"). Pure. */
export function describeListQuery(query: ListQuery): string {
  return listQueryString(query).slice(1).replaceAll('&', ' ') || '(no parameters)';
}
