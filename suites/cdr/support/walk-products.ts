import {
  describeWalk,
  listPageOf,
  pageProductIds,
  readListBody,
  resolveLink,
  type ListPage,
  type ObservedListPage,
  type ProductWalk,
} from '../../../checks/cdr/product-walk.ts';
import type { CdrClient } from '../../../client/cdr/cdr-client.ts';
import { describeListQuery, type ListQuery } from '../../../rules/cdr/list-query.ts';
import { maxPageSize } from '../../../rules/cdr/endpoints.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { WalkBudget } from '../../support/walk-budget.ts';
import { signPages, WalkSigns } from '../../support/walk-signs.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

type Step = 'next' | 'prev';

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
function advanced(before: ObservedListPage, page: ObservedListPage): boolean {
  const ids = pageProductIds(page).join('\n');
  return ids === '' || ids !== pageProductIds(before).join('\n');
}

/** A sign in the page just read that the walk cannot end, as its end and note; undefined when none. */
function cannotEnd(
  signs: WalkSigns,
  page: ObservedListPage,
  number: number,
  reachedBy: string,
): [ProductWalk['ended'], string] | undefined {
  const ids = pageProductIds(page);
  const earlier = signs.samePageAs(ids, number);
  if (earlier !== undefined)
    return [
      'repeated-records',
      `${reachedBy} (page ${number}) holds the same ${ids.length} products as page ${earlier}`,
    ];
  // Growth first: pages past the data of a holder whose total grows are empty too, and the growth is the cause.
  const growing = signs.totalGrowing(page.body.meta.totalPages);
  if (growing)
    return [
      'growing-total',
      `meta.totalPages grew on each of pages ${number - signPages + 1} to ${number} (now ${page.body.meta.totalPages})`,
    ];
  if (signs.emptyInARow(ids.length === 0))
    return ['empty-pages', `pages ${number - signPages + 1} to ${number} were empty and each still gave a link on`];
  return undefined;
}

/**
 * Follows one link per page (`next` forward, `prev` back) exactly as the target gave it, from a first exchange
 * the asking rule requested. It stops at the end (no link), at a link outside the holder or unreadable as a URL
 * (never requested), at a link met before, at a page that does not advance, at a refused page and at the page
 * cap (or the walk's request or time bound), and where the pages show the walk cannot end (see cannotEnd), and says
 * what it saw there: a walk never loops and never leaves the holder.
 */
async function follow(
  client: CdrClient,
  first: Exchange,
  step: Step,
  base: Omit<ProductWalk, 'pages' | 'ended'>,
  refusalJudgedBy?: readonly RuleId[],
): Promise<ProductWalk> {
  // Thrown as it is: each rule that awaits the walk (one may be shared) resolves it for itself.
  const firstBody = listPageOf(first, refusalJudgedBy);
  const pages: ObservedListPage[] = [{ exchange: first, body: firstBody }];
  const visited = new Set<string>([first.request.url]);
  const budget = new WalkBudget(client.section);
  budget.spend(first);
  const signs = new WalkSigns();
  signs.samePageAs(pageProductIds(pages[0] as ObservedListPage), 1);
  signs.totalGrowing(pages[0]?.body.meta.totalPages);
  const stop = (ended: ProductWalk['ended'], endNote?: string): ProductWalk => ({
    ...base,
    pages,
    ended,
    ...(endNote ? { endNote } : {}),
  });
  for (;;) {
    const current = pages[pages.length - 1] as ObservedListPage;
    const given = current.body.links[step];
    if (given === undefined) return stop('end-reached');
    const url = resolveLink(given, current.body.links.self);
    if (url === undefined) return stop('unusable-link', `links.${step} is not a URL: ${JSON.stringify(given)}`);
    const outside = client.outsideScope(url);
    if (outside !== undefined)
      return stop('unusable-link', `links.${step} points outside the holder: ${given} (${outside})`);
    if (visited.has(url)) return stop('repeated-link', `links.${step} of page ${pages.length} leads back to ${given}`);
    const bound = budget.exhausted(pages.length);
    if (bound) return stop('page-cap', `${bound}; links.${step} still given`);
    visited.add(url);
    const exchange = await client.get('list', url);
    budget.spend(exchange);
    const body = followedPage(exchange);
    // A link given past the page that says it is the last (its own totalPages) is the links rules' fault, not the
    // walk's.
    if (!body && current.body.meta.totalPages === pages.length)
      return stop(
        'end-reached',
        `links.${step} given on the last page (${pages.length} of ${pages.length}) answered ${exchange.response?.status ?? exchange.error?.code}`,
      );
    if (!body)
      return stop(
        'link-refused',
        `links.${step} ${given} answered ${exchange.response?.status ?? exchange.error?.code ?? 'nothing'} without a product list`,
      );
    const page = { exchange, body };
    if (!advanced(current, page)) {
      pages.push(page);
      return stop('not-advancing', `links.${step} ${given} gave the same page again`);
    }
    pages.push(page);
    const sign = cannotEnd(signs, page, pages.length, `links.${step} ${given}`);
    if (sign) return stop(...sign);
  }
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
  if (
    walk.ended === 'end-reached' ||
    (walk.ended !== 'unusable-link' && walk.ended !== 'link-refused') ||
    total === undefined ||
    total + 1 > maxPageSize
  )
    return walk;
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
      ended: 'unusable-link',
      endNote: `links.last points outside the holder: ${last} (${outside})`,
      forward,
    };
  return {
    ...(await follow(client, await client.get('list', start), 'prev', base, ['cdr.pagination.walk-back'])),
    forward,
  };
}
