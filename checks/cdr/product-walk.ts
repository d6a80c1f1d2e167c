import type { Exchange } from '../../client/exchange.ts';
import { listResponse, type ListResponse } from '../../rules/cdr/envelope-schemas.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { RuleViolation } from '../rule-violation.ts';

/** One page of a product list as observed: the exchange and its parsed envelope. */
export interface ObservedListPage {
  exchange: Exchange;
  body: ListResponse;
}

/** Why a walk stopped: no further link, a link met before, or the page cap. */
export type LinkWalkEnd = 'end-reached' | 'repeated-link' | 'page-cap';

/** A walk over the product list following links as given: next from page 1, or prev from the page last names. */
export interface ProductWalk {
  /** The first request's query, in words. */
  query: string;
  /** The page-size asked for; undefined when left to the default. */
  pageSize: number | undefined;
  direction: 'forward' | 'back';
  pages: ObservedListPage[];
  ended: LinkWalkEnd;
}

/** A list page: 200 and the list envelope (data.products, links, meta). */
export function listPageOf(exchange: Exchange, ruleId: string): ListResponse {
  const { status } = responseOf(exchange, ruleId);
  if (status !== 200) throw new RuleViolation(ruleId, `The list page answered ${status}, not 200`, [exchange]);
  const parsed = listResponse.safeParse(jsonOf(exchange, ruleId));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    throw new RuleViolation(ruleId, `The page is not a product list response: ${issues}`, [exchange]);
  }
  return parsed.data;
}

/** The productId of a listed product (its shape is judged by the record rules). */
export function productIdOf(product: unknown): string {
  const id = (product as { productId?: unknown } | null)?.productId;
  return typeof id === 'string' ? id : JSON.stringify(product);
}

export function pageProductIds(page: ObservedListPage): string[] {
  return page.body.data.products.map(productIdOf);
}

export function walkProductIds(walk: ProductWalk): string[] {
  return walk.pages.flatMap(pageProductIds);
}

export function describeWalk(walk: ProductWalk): string {
  return `${walk.direction} walk of the product list (${walk.query}, ${walk.pages.length} pages)`;
}

/** Exchanges around a page of a walk, as evidence (a walk of hundreds of pages is not all shown). */
export function walkEvidence(walk: ProductWalk, around = walk.pages.length - 1): Exchange[] {
  return walk.pages.slice(Math.max(0, around - 1), around + 2).map(({ exchange }) => exchange);
}

/** A walk that never ended cannot be judged further: that is a violation of the rule under test. */
export function requireEnded(walk: ProductWalk, ruleId: string): void {
  if (walk.ended === 'repeated-link') throw new RuleViolation(ruleId, `${describeWalk(walk)}: a link led back to a page already visited, so the walk would never end`, walkEvidence(walk));
  if (walk.ended === 'page-cap') throw new RuleViolation(ruleId, `${describeWalk(walk)}: the links never ended within the page cap`, walkEvidence(walk));
}

/**
 * A link as an absolute URL: as given, or resolved against the page's self link when relative (the document
 * asks only self to be fully qualified). Undefined when it cannot be read as a URL. Pure.
 */
export function resolveLink(link: string, self?: string): string | undefined {
  if (URL.canParse(link)) return new URL(link).href;
  return self !== undefined && URL.canParse(link, self) ? new URL(link, self).href : undefined;
}

/** The page number a link names: its `page` parameter, 1 when absent; NaN when it is not a URL or a number. Pure. */
export function pageNumberOf(link: string, self?: string): number {
  const url = resolveLink(link, self);
  if (url === undefined) return Number.NaN;
  const page = new URL(url).searchParams.get('page');
  return page === null ? 1 : /^\d+$/.test(page) ? Number(page) : Number.NaN;
}
