import { pageProductIds, resolveLink, type ListPage, type ObservedListPage, type ProductWalk } from './product-walk.ts';

/**
 * Where a page lies in a forward walk, read from what the pages say, never from a query parameter of their
 * links (the standard lets links carry "other query parameters that support another pagination pattern",
 * Pagination, Cursor Support): a link names the page that was reached by the same URL, or the page of the walk
 * that holds the same products as the page the link answered when the harness asked it (`linked`).
 */
export interface PagePositions {
  /**
   * The position (1 = first) of the page a link names; null when the harness asked the link and it answered
   * no page of the walk; undefined when that is unknown (no link, not a URL, outside the holder: never asked).
   */
  ofLink(link: string | undefined, base?: string): number | null | undefined;
  /**
   * The position of an observed page (of this walk or a walk of the same list): by the URL it was reached by, else by
   * its products.
   */
  ofPage(page: ObservedListPage): number | undefined;
}

/** A URL with its query parameters in one order (a link may write them in another order than the request). Pure. */
export function normalizedUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.sort();
  parsed.hash = '';
  return parsed.href;
}

/**
 * The products of a page as a set: which page it is, whatever their order on it (the order is
 * cdr.pagination.walk-back's).
 */
const contentKey = (page: Pick<ObservedListPage, 'body'>) => [...pageProductIds(page)].sort().join('\n');

/** The URL every page of a walk was reached by (its request), normalised. */
export const reachedUrls = (walk: ProductWalk) => walk.pages.map((page) => normalizedUrl(page.exchange.request.url));

/**
 * The positions of the pages of `forward` (a forward walk from page 1). `linked` holds the pages the harness
 * asked for links that no page was reached by, keyed by normalised URL (undefined: it answered no list). Pure.
 */
export function pagePositions(
  forward: ProductWalk,
  linked: ReadonlyMap<string, ListPage | undefined> = new Map(),
): PagePositions {
  const byUrl = new Map(reachedUrls(forward).map((url, index) => [url, index + 1]));
  const byContent = new Map<string, number | undefined>();
  for (const [index, page] of forward.pages.entries()) {
    const key = contentKey(page);
    // Two pages with the same products cannot tell a link which of them it names.
    byContent.set(key, byContent.has(key) ? undefined : index + 1);
  }
  const ofContent = (page: Pick<ObservedListPage, 'body'>) => byContent.get(contentKey(page));
  return {
    ofLink(link, base) {
      const url = link === undefined ? undefined : resolveLink(link, base);
      if (url === undefined) return undefined;
      const key = normalizedUrl(url);
      if (byUrl.has(key)) return byUrl.get(key);
      if (!linked.has(key)) return undefined;
      const answered = linked.get(key);
      const position = answered === undefined ? undefined : ofContent({ body: answered });
      // A walk that stopped early did not read every page: a page it did not read may be the one named.
      return position ?? (forward.ended === 'end-reached' ? null : undefined);
    },
    ofPage(page) {
      return byUrl.get(normalizedUrl(page.exchange.request.url)) ?? ofContent(page);
    },
  };
}
