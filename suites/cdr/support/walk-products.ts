import { listPageOf, resolveLink, type ObservedListPage, type ProductWalk } from '../../../checks/cdr/product-walk.ts';
import type { CdrClient } from '../../../client/cdr/cdr-client.ts';
import { describeListQuery, type ListQuery } from '../../../client/cdr/list-query.ts';
import type { Exchange } from '../../../client/exchange.ts';

/**
 * Follows one link per page (`next` forward, `prev` back) exactly as the target gave it, from a first
 * exchange. It stops where the link is absent, at a link met before, or at the page cap: a walk never loops.
 * A page that is not a product list answer is a violation of `ruleId`.
 */
async function follow(client: CdrClient, first: Exchange, link: 'next' | 'prev', base: Omit<ProductWalk, 'pages' | 'ended'>, ruleId: string): Promise<ProductWalk> {
  const pages: ObservedListPage[] = [];
  const visited = new Set<string>([first.request.url]);
  let exchange = first;
  for (;;) {
    const body = listPageOf(exchange, ruleId);
    pages.push({ exchange, body });
    const given = body.links[link];
    if (given === undefined) return { ...base, pages, ended: 'end-reached' };
    const url = resolveLink(given, body.links.self) ?? given;
    if (visited.has(url)) return { ...base, pages, ended: 'repeated-link' };
    if (pages.length >= client.section.maxWalkPages) return { ...base, pages, ended: 'page-cap' };
    visited.add(url);
    exchange = await client.get('list', url);
  }
}

/** Walks the product list forward: the request for `query`, then `next` until there is none. */
export async function walkForward(client: CdrClient, query: ListQuery, ruleId: string): Promise<ProductWalk> {
  const pageSize = query.pageSize === undefined ? undefined : Number(query.pageSize);
  return follow(client, await client.list(query), 'next', { query: describeListQuery(query), pageSize, direction: 'forward' }, ruleId);
}

/** Walks back from the page that page 1 of a forward walk names as `last` (page 1 itself when it names none), following `prev`. */
export async function walkBackFrom(client: CdrClient, forward: ProductWalk, ruleId: string): Promise<ProductWalk> {
  const first = forward.pages[0];
  if (!first) return { ...forward, direction: 'back', pages: [] };
  const start = first.body.links.last === undefined ? first.exchange.request.url : (resolveLink(first.body.links.last, first.body.links.self) ?? first.body.links.last);
  return follow(client, await client.get('list', start), 'prev', { query: forward.query, pageSize: forward.pageSize, direction: 'back' }, ruleId);
}
