import type { ListLinkName } from '../../../rules/cdr/envelope-schemas.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { pagePositions } from './page-position.ts';
import { describeWalk, pagesToJudge, requireEnded, type ProductWalk } from './product-walk.ts';

/** Which pair of links a rule is about: first and prev (all but the first page), next and last (all but the last). */
export type LinkPair = 'first-prev' | 'next-last';

/** The links a page must carry and the page each names; the one that must be absent; the one that may be (observed). */
function expectations(pair: LinkPair, pageNumber: number, pages: number) {
  const atEdge = pair === 'first-prev' ? pageNumber === 1 : pageNumber >= pages;
  const [edge, step] = pair === 'first-prev' ? (['first', 'prev'] as const) : (['last', 'next'] as const);
  const target = { first: 1, prev: pageNumber - 1, last: pages, next: pageNumber + 1 };
  return {
    atEdge,
    edge,
    step,
    names: { [edge]: target[edge], [step]: target[step] } as Partial<Record<ListLinkName, number>>,
  };
}

/**
 * Over full forward walks: on every page but the first (first-prev) or the last (next-last) both links are
 * present and name the right page (the page reached by that URL or holding what it answered, whatever its
 * query parameters: a cursor is as good as a page number); on that edge page the stepping link (prev, next) is absent.
 * Whether a page
 * is the last is decided from its own numbers (its meta.totalPages, else the walk's length), so a page that is
 * not the last but lacks next, or a last page that still gives next, is caught at every page size walked.
 * Whether the edge link (first on page 1, last on the last page) is given there is left open and observed.
 * A walk stopped by a link it could not follow is judged on the pages it read (pagesToJudge).
 */
export function linksPresence(observed: { walks: readonly ProductWalk[]; pair: LinkPair }): Verdict {
  let edgeLinkGiven = 0;
  let judged = 0;
  for (const walk of observed.walks) {
    const read = pagesToJudge(walk);
    const positions = pagePositions(walk, walk.linked);
    for (const [index, { body, exchange }] of read.entries()) {
      // The page's own claim; an empty list says 0 pages and is its own page 1. A page that holds products and says 0
      // pages makes no claim to read (its totals are cdr.pagination.totals'); a walk that stopped early says nothing
      // of where the list ends.
      const claimed = body.meta.totalPages === 0 && body.data.products.length > 0 ? undefined : body.meta.totalPages;
      if (claimed === undefined && walk.ended !== 'end-reached') continue;
      judged += 1;
      const pages = Math.max(claimed ?? walk.pages.length, 1);
      const { atEdge, edge, step, names } = expectations(observed.pair, index + 1, pages);
      const where = `${describeWalk(walk)}: page ${index + 1} of ${pages}`;
      if (atEdge) {
        if (body.links[step] !== undefined)
          throw new Violation(`${where} gives links.${step} (${body.links[step]}) though there is no such page`, [
            exchange,
          ]);
        if (body.links[edge] !== undefined) edgeLinkGiven += 1;
        continue;
      }
      for (const name of [edge, step]) {
        const link = body.links[name];
        if (link === undefined) throw new Violation(`${where} has no links.${name}`, [exchange]);
        // Which page a link names is read from the pages (page-position.ts); a link that cannot be asked (not a URL,
        // off the holder) is cdr.links.valid's.
        const named = positions.ofLink(link, body.links.self ?? exchange.request.url);
        if (named !== undefined && named !== names[name])
          throw new Violation(
            `${where}: links.${name} names ${named === null ? 'no page of the walk' : `page ${named}`}, not ${names[name]} (${link})`,
            [exchange],
          );
      }
    }
  }
  // Only stopped walks whose pages claim nothing: no page was judged, and the stop is its judge's.
  const stopped = observed.walks.find((walk) => walk.ended !== 'end-reached');
  if (judged === 0 && stopped) requireEnded(stopped);
  return passed({
    [`edge pages that also give ${observed.pair === 'first-prev' ? 'first' : 'last'}`]: edgeLinkGiven,
  });
}
