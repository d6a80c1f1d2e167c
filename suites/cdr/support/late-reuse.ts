import { pageProductIds, readListBody, resolveLink, type ProductWalk } from '../checks/product-walk.ts';
import type { CdrClient } from '../client/cdr-client.ts';

/**
 * A link the holder gave early, followed again once the family's walks are done (issue 28, memory judged
 * late): page 1's next of the earliest walk of several pages. The standard does not say how long a link (or a
 * cursor in it) stays usable, and lets the data change between requests, so what it answers is observed, with
 * how late it was asked, never judged. Undefined when no walk gave a next link that may be asked.
 */
export async function nextFollowedLate(client: CdrClient, walks: readonly ProductWalk[]): Promise<string | undefined> {
  const [earliest] = walks
    .filter((walk) => walk.ended === 'end-reached' && walk.pages.length > 1)
    .sort((a, b) => (a.pages[0]?.exchange.startedAt ?? 0) - (b.pages[0]?.exchange.startedAt ?? 0));
  const [first, second] = earliest?.pages ?? [];
  const url =
    first?.body.links.next === undefined
      ? undefined
      : resolveLink(first.body.links.next, first.body.links.self ?? first.exchange.request.url);
  if (!earliest || !first || !second || url === undefined || client.outsideScope(url) !== undefined) return undefined;
  const again = await client.get('list', url);
  const late = `${((again.startedAt - second.exchange.startedAt) / 1000).toFixed(1)} s after its first use (${earliest.query})`;
  let page: ReturnType<typeof readListBody> | undefined;
  try {
    page = again.response?.status === 200 ? readListBody(again.response.json()) : undefined;
  } catch {
    page = undefined;
  }
  if (!page) return `answered ${again.response?.status ?? again.error?.code ?? 'nothing'} ${late}`;
  const same = pageProductIds({ body: page }).join('\n') === pageProductIds(second).join('\n');
  return `${same ? 'the same products as page 2' : 'other products than page 2 (the standard lets the data change)'} ${late}`;
}
