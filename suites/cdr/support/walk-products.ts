import {
  describeWalk,
  listPageOf,
  pageProductIds,
  readListBody,
  resolveLink,
  stoppedAtStep,
  type ListPage,
  type ProductWalk,
} from '../checks/product-walk.ts';
import type { CdrClient } from '../client/cdr-client.ts';
import { describeListQuery, type ListQuery } from '../../../rules/cdr/list-query.ts';
import { maxPageSize } from '../../../rules/cdr/endpoints.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { type PageRoute, stopAt, walkPages } from '../../support/page-walker.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** The link a walk follows: `next` forward, `prev` back. */
type Way = 'next' | 'prev';

/** A page as the walk holds it: the lenient reading and its number in the walk (1 for the first request's). */
interface NumberedPage {
  body: ListPage;
  number: number;
}

/** A followed page read leniently: undefined when it was refused or holds no list (the walk stops there). */
function followedPage(exchange: Exchange): ListPage | undefined {
  if (exchange.response?.status !== 200) return undefined;
  try {
    return readListBody(exchange.response.json());
  } catch {
    return undefined;
  }
}

/**
 * Whether a page advanced past the one before it: other products (a link's parameters say nothing: a cursor holder
 * names no page). Pure.
 */
function advanced(before: NumberedPage, page: NumberedPage): boolean {
  const ids = pageProductIds(page).join('\n');
  return ids === '' || ids !== pageProductIds(before).join('\n');
}

/**
 * Follows one link per page (`next` forward, `prev` back) exactly as the target gave it, from a first exchange the
 * asking rule requested, on the one page walker (suites/support/page-walker.ts): it stops at the end (no link), at a
 * link outside the holder or unreadable as a URL (`unusable-step`, never requested), at a link met before (the first
 * request's URL included), at a page that does not advance, at a refused page (`step-refused`), at a bound, and where
 * the pages show the walk cannot end, and says what it saw there: a walk never loops and never leaves the holder.
 */
async function follow(
  client: CdrClient,
  first: Exchange,
  way: Way,
  base: Omit<ProductWalk, 'pages' | 'ended'>,
  refusalJudgedBy?: readonly RuleId[],
): Promise<ProductWalk> {
  const route = linkRoute(client, way, refusalJudgedBy);
  const { pages, ended, note } = await walkPages(first, route, client.section, first.request.url);
  return {
    ...base,
    pages: pages.map(({ exchange, page }) => ({ exchange, body: page.body })),
    ended,
    ...(note ? { endNote: note } : {}),
  };
}

/** How a product list reads its pages and steps on from them: each page's `way` link, resolved against its self. */
function linkRoute(client: CdrClient, way: Way, refusalJudgedBy?: readonly RuleId[]): PageRoute<NumberedPage> {
  return {
    read: (exchange, before, step) => {
      // Thrown as it is: each rule that awaits the walk (one may be shared) resolves it for itself.
      if (!before || !step) return { body: listPageOf(exchange, refusalJudgedBy), number: 1 };
      const body = followedPage(exchange);
      if (body) return { body, number: before.page.number + 1 };
      const { number } = before.page;
      // A link given past the page that says it is the last (its own totalPages) is the links rules' fault, not the
      // walk's.
      if (before.page.body.meta.totalPages === number)
        return stopAt(
          'end-reached',
          `links.${way} given on the last page (${number} of ${number}) answered ${exchange.response?.status ?? exchange.error?.code}`,
        );
      return stopAt(
        'step-refused',
        `${step.label} answered ${exchange.response?.status ?? exchange.error?.code ?? 'nothing'} without a product list`,
      );
    },
    advances: advanced,
    next: ({ page: { body } }) => {
      const given = body.links[way];
      if (given === undefined) return undefined;
      const url = resolveLink(given, body.links.self);
      if (url === undefined) return stopAt('unusable-step', `links.${way} is not a URL: ${JSON.stringify(given)}`);
      const outside = client.outsideScope(url);
      if (outside !== undefined)
        return stopAt('unusable-step', `links.${way} points outside the holder: ${given} (${outside})`);
      // Known by the resolved URL: the same page linked again, however written, is a step taken before.
      return { key: url, label: `links.${way} ${given}`, send: () => client.get('list', url) };
    },
    records: pageProductIds,
    total: ({ body }) => body.meta.totalPages,
    totalName: 'meta.totalPages',
    recordsName: 'products',
  };
}

/**
 * Walks the product list forward: the request for `query` (page 1 unless it names one), then `next` until there is
 * none. A refusal of the first request is judged by `refusalJudgedBy` (default: the rule in progress, whose own
 * query it is; a walk several rules share names its judges).
 */
export async function walkForward(
  client: CdrClient,
  query: ListQuery,
  refusalJudgedBy?: readonly RuleId[],
): Promise<ProductWalk> {
  const pageSize = query.pageSize === undefined ? undefined : Number(query.pageSize);
  // page=1 asked for, not left to the default: a wrong default page is cdr.list.page-default's alone.
  return follow(
    client,
    await client.list({ page: 1, ...query }),
    'next',
    { query: describeListQuery(query), pageSize, direction: 'forward' },
    refusalJudgedBy,
  );
}

/**
 * The whole filtered list: the forward walk, or, when that walk stopped before its end at a link it could not
 * follow or a refused page, the same query read again as one page above the whole list (page-size the first
 * page's totalRecords + 1, at most the maximum): no link is followed then. The route taken is in the walk's
 * query, so every message says it. A list too long for one page, or a page that does not hold all of it,
 * leaves the stopped walk (its rule blocks the asking one).
 */
export async function walkWhole(
  client: CdrClient,
  query: ListQuery,
  refusalJudgedBy?: readonly RuleId[],
): Promise<ProductWalk> {
  const walk = await walkForward(client, query, refusalJudgedBy);
  const total = walk.pages[0]?.body.meta.totalRecords;
  if (!stoppedAtStep(walk) || total === undefined || total + 1 > maxPageSize) return walk;
  const pageSize = total + 1;
  const exchange = await client.list({ page: 1, ...query, pageSize });
  const body = followedPage(exchange);
  if (!body || body.data.products.length !== total || body.links.next !== undefined) return walk;
  return {
    query: `${describeListQuery({ ...query, pageSize })}, one page instead of the ${describeWalk(walk)}, which stopped: ${walk.endNote ?? walk.ended}`,
    pageSize,
    direction: 'forward',
    pages: [{ exchange, body }],
    ended: 'end-reached',
  };
}

/**
 * Walks back from the page that page 1 of a forward walk names as `last` (page 1 itself when it names none),
 * following `prev`. A last link outside the holder is never requested: the walk back is then page 1 alone,
 * stopped as unusable.
 */
export async function walkBackFrom(client: CdrClient, forward: ProductWalk): Promise<ProductWalk> {
  const base = { query: forward.query, pageSize: forward.pageSize, direction: 'back' as const };
  const first = forward.pages[0];
  if (!first) return { ...base, pages: [], ended: 'end-reached', forward };
  const last = first.body.links.last;
  const start = last === undefined ? first.exchange.request.url : resolveLink(last, first.body.links.self);
  const outside = start === undefined ? `links.last is not a URL: ${JSON.stringify(last)}` : client.outsideScope(start);
  if (start === undefined || outside !== undefined)
    return {
      ...base,
      pages: [first],
      ended: 'unusable-step',
      endNote: `links.last points outside the holder: ${last} (${outside})`,
      forward,
    };
  return {
    ...(await follow(client, await client.get('list', start), 'prev', base, ['cdr.pagination.walk-back'])),
    forward,
  };
}
