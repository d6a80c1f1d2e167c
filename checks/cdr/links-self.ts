import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { describeWalk, pageNumberOf, requireEnded, resolveLink, type ProductWalk } from './product-walk.ts';

/**
 * links.self of every page names the page it is (and, if it names a page-size, the walk's). It is read against
 * the request's URL: that it is an absolute URI on the holder is cdr.links.valid's to judge.
 */
export function linksSelf(walks: readonly ProductWalk[], ruleId: string): Verdict {
  let pages = 0;
  for (const walk of walks) {
    requireEnded(walk, ruleId);
    const count = walk.pages.length;
    for (const [index, { body, exchange }] of walk.pages.entries()) {
      const pageNumber = walk.direction === 'forward' ? index + 1 : count - index;
      const self = body.links.self === undefined ? undefined : resolveLink(body.links.self, exchange.request.url);
      if (self === undefined) throw new RuleViolation(ruleId, `${describeWalk(walk)}: page ${pageNumber} gives no links.self that can be read as a URL (${JSON.stringify(body.links.self)})`, [exchange]);
      if (pageNumberOf(self) !== pageNumber) throw new RuleViolation(ruleId, `${describeWalk(walk)}: links.self of page ${pageNumber} names page ${new URL(self).searchParams.get('page')}`, [exchange]);
      const size = new URL(self).searchParams.get('page-size');
      if (walk.pageSize !== undefined && size !== null && size !== String(walk.pageSize)) {
        throw new RuleViolation(ruleId, `${describeWalk(walk)}: links.self of page ${pageNumber} names page-size ${size}, not ${walk.pageSize}`, [exchange]);
      }
      pages += 1;
    }
  }
  return passed(ruleId, { pages });
}
