import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { describeWalk, pageNumberOf, requireEnded, type ProductWalk } from './product-walk.ts';

const fullyQualified = (link: string) => URL.canParse(link) && /^https?:$/.test(new URL(link).protocol);

/** links.self of every page is an absolute http(s) URL whose page is the page it is (and whose page-size, if named, is the walk's). */
export function linksSelf(walks: readonly ProductWalk[], ruleId: string): Verdict {
  let pages = 0;
  for (const walk of walks) {
    requireEnded(walk, ruleId);
    const count = walk.pages.length;
    for (const [index, { body, exchange }] of walk.pages.entries()) {
      const { self } = body.links;
      const pageNumber = walk.direction === 'forward' ? index + 1 : count - index;
      if (self === undefined || !fullyQualified(self)) throw new RuleViolation(ruleId, `${describeWalk(walk)}: links.self of page ${pageNumber} is not a fully qualified URL: ${JSON.stringify(self)}`, [exchange]);
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
