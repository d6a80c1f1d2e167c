import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import {
  describeWalk,
  requireEnded,
  requireLastOnFirst,
  servedPageSize,
  stoppedAtStep,
  walkJudges,
  walkProductIds,
  type ProductWalk,
} from './product-walk.ts';
import { pagesOf } from './walk-complete.ts';

/**
 * Following prev from the page `last` names meets the pages of the forward walk in reverse, product for
 * product. A forward walk stopped at a link it could not follow (a next that is no URL) leaves the pages it
 * read: the walk back ends on them, in reverse, and visits every product of `whole` (the same list read as one
 * page) once, on as many pages as the page size makes of it.
 */
export function walkBack(walks: { forward: ProductWalk; back: ProductWalk; whole?: ProductWalk }): Verdict {
  const { forward, back, whole } = walks;
  const byWhole = stoppedAtStep(forward) && whole?.ended === 'end-reached' && servedPageSize(forward) !== undefined;
  if (!byWhole) requireEnded(forward);
  // Without page 1's last link the walk back has no start: the links rule's fault, not the walk back's.
  requireLastOnFirst(forward);
  requireEnded(back);
  const got = pagesOf(back);
  if (byWhole) return judgeAgainstWhole(forward, back, whole as ProductWalk);
  const expected = pagesOf(forward).reverse();
  for (const [index, page] of got.entries()) {
    if (expected[index] !== page) {
      const want = forward.pages[forward.pages.length - 1 - index];
      throw new Violation(
        `${describeWalk(back)}: page ${index + 1} back does not hold the products of page ${forward.pages.length - index} of the ${describeWalk(forward)}`,
        [back.pages[index]?.exchange, want?.exchange].filter((exchange) => exchange !== undefined),
      );
    }
  }
  requirePrevWhereShort(back, expected.length);
  if (got.length !== expected.length)
    throw new Violation(
      `${describeWalk(back)} has ${got.length} pages, the ${describeWalk(forward)} ${expected.length}`,
      back.pages.slice(-1).map(({ exchange }) => exchange),
    );
  return passed({ pages: got.length });
}

/**
 * A walk back that ended short because a page gave no prev: cdr.links.first-prev-when-not-first's fault, which blocks
 * this rule.
 */
function requirePrevWhereShort(back: ProductWalk, pages: number): void {
  const final = back.pages.at(-1);
  if (back.pages.length < pages && final && final.body.links.prev === undefined) {
    throw new PrerequisiteMissing(
      [walkJudges.firstPrev],
      `${describeWalk(back)}: page ${pages - back.pages.length + 1} of ${pages} gives no links.prev, so the walk back ends there`,
      [final.exchange],
    );
  }
}

/** The walk back of a forward walk that stopped early: it ends on the pages read, and holds the whole list once. */
function judgeAgainstWhole(forward: ProductWalk, back: ProductWalk, whole: ProductWalk): Verdict {
  const [read, got] = [pagesOf(forward), pagesOf(back).reverse()];
  const size = servedPageSize(forward) as number;
  const pages = Math.ceil(walkProductIds(whole).length / size);
  // Page 1 gave no last link to start from: cdr.links.next-last-when-not-last's.
  if (pages > 1 && forward.pages[0]?.body.links.last === undefined)
    throw new PrerequisiteMissing(
      [walkJudges.nextLast],
      `${describeWalk(forward)}: page 1 of ${pages} gives no links.last`,
      forward.pages.slice(0, 1).map(({ exchange }) => exchange),
    );
  const differs = read.findIndex((page, index) => got[index] !== page);
  if (differs !== -1)
    throw new Violation(
      `${describeWalk(back)}: page ${differs + 1} reached back does not hold the products page ${differs + 1} held forward (${describeWalk(forward)})`,
      [back.pages[back.pages.length - 1 - differs]?.exchange, forward.pages[differs]?.exchange].filter(
        (exchange) => exchange !== undefined,
      ),
    );
  requirePrevWhereShort(back, pages);
  const [ids, expected] = [walkProductIds(back), walkProductIds(whole)];
  if (
    got.length !== pages ||
    ids.length !== expected.length ||
    [...ids].sort().join('\n') !== [...expected].sort().join('\n')
  ) {
    throw new Violation(
      `${describeWalk(back)} visited ${ids.length} products on ${got.length} pages; ${describeWalk(whole)} holds ${expected.length}, ${pages} pages at page size ${size}`,
      back.pages.slice(-1).map(({ exchange }) => exchange),
    );
  }
  return passed({ pages: got.length, 'judged against': describeWalk(whole) });
}
