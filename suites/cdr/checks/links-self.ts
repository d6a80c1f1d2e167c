import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { normalizedUrl, pagePositions } from './page-position.ts';
import { describeWalk, pagesToJudge, resolveLink, type ProductWalk } from './product-walk.ts';

/**
 * links.self of every page names the page it is (and, if it names a page-size, the walk's). It is read against
 * the request's URL: that it is an absolute URI on the holder is cdr.links.valid's to judge. Which page it
 * names is read from what the pages say (page-position.ts): the page reached by the same URL, or the page
 * holding what the self link answered; never from a `page` parameter, which a cursor holder need not give.
 * A page of a walk back is the page of the forward walk it holds: its place in a walk back that stopped
 * early (a prev link missing, which is cdr.links.first-prev-when-not-first's) says nothing of its self link.
 * A walk stopped by a link it could not follow is judged on the pages it read (pagesToJudge).
 */
export function linksSelf(walks: readonly ProductWalk[]): Verdict {
  let pages = 0;
  for (const walk of walks) {
    const read = pagesToJudge(walk);
    const positions = pagePositions(walk.forward ?? walk, walk.linked);
    for (const [index, page] of read.entries()) {
      const { body, exchange } = page;
      // A page back that is no page of the forward walk is cdr.pagination.walk-back's.
      const own = walk.direction === 'forward' ? index + 1 : positions.ofPage(page);
      if (own === undefined) continue;
      const self = body.links.self === undefined ? undefined : resolveLink(body.links.self, exchange.request.url);
      if (self === undefined)
        throw new Violation(
          `${describeWalk(walk)}: page ${own} gives no links.self that can be read as a URL (${JSON.stringify(body.links.self)})`,
          [exchange],
        );
      const size = new URL(self).searchParams.get('page-size');
      if (walk.pageSize !== undefined && size !== null && size !== String(walk.pageSize)) {
        throw new Violation(
          `${describeWalk(walk)}: links.self of page ${own} names page-size ${size}, not ${walk.pageSize}`,
          [exchange],
        );
      }
      pages += 1;
      // The URL the page was asked by names it; any other is judged by the page it answered.
      if (normalizedUrl(self) === normalizedUrl(exchange.request.url)) continue;
      const named = positions.ofLink(self, exchange.request.url);
      if (named !== undefined && named !== own) {
        throw new Violation(
          `${describeWalk(walk)}: links.self of page ${own} (${self}) names ${named === null ? 'no page of the walk' : `page ${named}`}`,
          [exchange],
        );
      }
    }
  }
  return passed({ pages });
}
