import type { Exchange } from '../../../client/http-exchange.ts';
import { getHeader } from '../../../client/headers.ts';
import { listLinkNames, type ListLinkName } from '../../../rules/cdr/envelope-schemas.ts';
import { pageTotalValue } from '../../../rules/cdr/standard-types.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { Violation } from '../../../engine/rule-violation.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { RuleId } from '../../../rules/rule-id.ts';
import type { WalkEnd } from '../../../checks/walk-end.ts';

/** The rules that judge what a walk needs: the list envelope, the links, the walk itself. */
export const walkJudges = {
  envelope: 'cdr.list.envelope',
  links: 'cdr.links.valid',
  walk: 'cdr.pagination.walk-complete',
  nextLast: 'cdr.links.next-last-when-not-last',
  firstPrev: 'cdr.links.first-prev-when-not-first',
} as const;

/**
 * A list page read leniently, only what the walks and filters use: the products (any items), the links that
 * are strings, the totals as numbers whatever their form (integer per the standard, string per document 3).
 * Its full shape is judged by cdr.list.envelope alone.
 */
export interface ListPage {
  data: { products: unknown[] };
  links: Partial<Record<ListLinkName, string>>;
  meta: { totalRecords?: number; totalPages?: number };
}

/** One page of a product list as observed: the exchange, its lenient reading and the version it answered with. */
export interface ObservedListPage {
  exchange: Exchange;
  body: ListPage;
}

/** A walk over the product list following links as given: next from page 1, or prev from the page last names. */
export interface ProductWalk {
  /** The first request's query, in words. */
  query: string;
  /** The page-size asked for; undefined when left to the default. */
  pageSize: number | undefined;
  direction: 'forward' | 'back';
  pages: ObservedListPage[];
  /** Why the walk stopped, spelled as every family's walk (checks/walk-end.ts). */
  ended: WalkEnd;
  /** What the walk saw where it stopped other than at the end (the link, the page). */
  endNote?: string;
  /** A walk back: the forward walk it returns along (its pages give the positions). */
  forward?: ProductWalk;
  /**
   * Pages the harness asked for links no page of the walk was reached by, by normalised URL (undefined: no list
   * answered).
   */
  linked?: ReadonlyMap<string, ListPage | undefined>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The lenient reading of a list body; undefined when it holds no product list at all. Pure. */
export function readListBody(body: unknown): ListPage | undefined {
  if (!isObject(body) || !isObject(body.data) || !Array.isArray(body.data.products)) return undefined;
  const links = isObject(body.links) ? body.links : {};
  const meta = isObject(body.meta) ? body.meta : {};
  return {
    data: { products: body.data.products },
    links: Object.fromEntries(
      listLinkNames.flatMap((name) => (typeof links[name] === 'string' ? [[name, links[name]]] : [])),
    ),
    meta: { totalRecords: pageTotalValue(meta.totalRecords), totalPages: pageTotalValue(meta.totalPages) },
  };
}

/**
 * A list page: a refusal (not 200) of a valid request is a violation of the rule that judges that request (the
 * asking rule itself unless `refusalJudgedBy` names others, which then block it); a body too large to read, or
 * one that holds no product list, is judged by cdr.list.envelope, which blocks the asking rule.
 */
export function listPageOf(exchange: Exchange, refusalJudgedBy?: readonly RuleId[]): ListPage {
  // A page too large to read is the list envelope's to judge (one fault, one failed rule); the others are blocked.
  if (exchange.error?.code === 'BODY_TOO_LARGE')
    throw new PrerequisiteMissing(
      [walkJudges.envelope],
      `the list page of ${exchange.request.url} could not be read: ${exchange.error.message}`,
      [exchange],
    );
  const { status } = responseOf(exchange);
  if (status !== 200) {
    const refusal = `The list answered ${status}, not 200, to a valid request (${exchange.request.url})`;
    throw refusalJudgedBy
      ? new PrerequisiteMissing(refusalJudgedBy, refusal, [exchange])
      : new Violation(refusal, [exchange]);
  }
  let json: unknown;
  try {
    json = jsonOf(exchange);
  } catch {
    throw new PrerequisiteMissing([walkJudges.envelope], `the list page of ${exchange.request.url} is not JSON`, [
      exchange,
    ]);
  }
  const page = readListBody(json);
  if (!page)
    throw new PrerequisiteMissing(
      [walkJudges.envelope],
      `the list page of ${exchange.request.url} holds no data.products list`,
      [exchange],
    );
  return page;
}

/** The endpoint version an answer is judged with: its x-v header when it names a version, else the one requested. */
export function answeredVersion(exchange: Exchange): number {
  const answered = getHeader(exchange.response?.headers, 'x-v');
  if (answered !== undefined && /^[1-9]\d*$/.test(answered.trim())) return Number(answered.trim());
  return Number(getHeader(exchange.request.headers as Record<string, string>, 'x-v') ?? Number.NaN);
}

/**
 * A value as short JSON for a report: at most `max` characters, and a value too deeply nested to write (a
 * hostile page nesting a million levels) is named, never written (no recursion can overflow). Pure.
 */
export function shownValue(value: unknown, max = 300): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > max ? `${text.slice(0, max)}...` : text;
  } catch {
    return '(a value too deeply nested to show)';
  }
}

/** The productId of a listed product (its shape is judged by the record rules); a short preview when it has none. */
export function productIdOf(product: unknown): string {
  const id = (product as { productId?: unknown } | null)?.productId;
  return typeof id === 'string' ? id : shownValue(product, 120);
}

/** The productIds of a page, in order (what of it the walks compare). */
export function pageProductIds(page: Pick<ObservedListPage, 'body'>): string[] {
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

/**
 * A walk that stopped before its end cannot be judged further: the rule that judges why it stopped (the links
 * for an unusable link, the walk for a loop, the cap or a page that did not advance) fails; any other rule is
 * blocked by it.
 */
export function requireEnded(walk: ProductWalk): void {
  if (walk.ended === 'end-reached') return;
  const why = {
    'repeated-step': 'a link led back to a page already visited, so the walk would never end',
    'page-cap': "the links never ended within the walk's bounds",
    'repeated-records': 'a fresh link led back to the products of an earlier page, so the walk would never end',
    'empty-pages': 'pages came back empty while links.next was still given, so the walk would never end',
    'growing-total': 'meta.totalPages grew as the walk went, so the walk would never end',
    'not-advancing': 'a page did not advance past the one before',
    'unusable-step': 'a link could not be followed',
    'step-refused': 'a followed link was refused',
    // Not a stop of a link walk (a missing link is its end): spelled for the one type of every family's ends.
    'next-missing': 'a page gave no links.next although a later page exists',
  }[walk.ended];
  const judge = walk.ended === 'unusable-step' ? walkJudges.links : walkJudges.walk;
  throw new PrerequisiteMissing(
    [judge],
    `${describeWalk(walk)}: ${why}${walk.endNote ? ` (${walk.endNote})` : ''}`,
    walkEvidence(walk),
  );
}

/**
 * Whether a walk stopped at a link it could not follow or at a refused page: the pages it read are the holder's
 * successive pages up to there (unlike a loop, a bound or a page that did not advance), what a rule can still judge.
 */
export function stoppedAtStep(walk: ProductWalk): boolean {
  return walk.ended === 'unusable-step' || walk.ended === 'step-refused';
}

/**
 * The pages of a walk a rule about single pages (their links, their sizes) can judge: all of them when the walk
 * ended; the pages it read before a link it could not follow or a refused page (those pages are what the holder
 * served; the stop itself is judged by cdr.links.valid or the walk rule); otherwise the walk's stop blocks the
 * rule as requireEnded says (a loop, the cap or a page that did not advance make the pages read no sure walk).
 */
export function pagesToJudge(walk: ProductWalk): ObservedListPage[] {
  if (stoppedAtStep(walk)) return walk.pages;
  requireEnded(walk);
  return walk.pages;
}

/**
 * The page size a walk that stopped early was served at: the one asked for, else what its page 1 holds (not
 * the last page, since the walk did not end there); undefined when page 1 is empty. Pure.
 */
export function servedPageSize(walk: ProductWalk): number | undefined {
  const held = walk.pages[0]?.body.data.products.length;
  return walk.pageSize ?? (held ? held : undefined);
}

/**
 * Page 1 of a walk of several pages names its last page: that it gives the link at all is
 * cdr.links.next-last-when-not-last's.
 */
export function requireLastOnFirst(walk: ProductWalk): void {
  const [first] = walk.pages;
  if (first && walk.pages.length > 1 && first.body.links.last === undefined) {
    throw new PrerequisiteMissing(
      [walkJudges.nextLast],
      `${describeWalk(walk)}: page 1 of ${walk.pages.length} gives no links.last`,
      [first.exchange],
    );
  }
}

/**
 * A link as an absolute URL: as given, or resolved against the page's self link when relative (read
 * leniently: cdr.links.valid judges that links are absolute). Undefined when it cannot be read as a URL. Pure.
 */
export function resolveLink(link: string, self?: string): string | undefined {
  if (URL.canParse(link)) return new URL(link).href;
  return self !== undefined && URL.canParse(self) && URL.canParse(link, self) ? new URL(link, self).href : undefined;
}

/** The page number a link names: its `page` parameter, 1 when absent; NaN when it is not a URL or a number. Pure. */
export function pageNumberOf(link: string | undefined, self?: string): number {
  if (link === undefined) return Number.NaN;
  const url = resolveLink(link, self);
  if (url === undefined) return Number.NaN;
  const page = new URL(url).searchParams.get('page');
  return page === null ? 1 : /^\d+$/.test(page) ? Number(page) : Number.NaN;
}
