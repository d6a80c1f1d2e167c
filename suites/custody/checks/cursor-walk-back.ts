import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeWalk, itemKey, listPages, requireEnded, walkItems, type Walk } from './walk.ts';

/**
 * LAST then PREVIOUS meets the items of the forward walk (same size asked) from the end to the start: each page back
 * holds, in order, the items just before those of the page after it. Pages are compared as runs of items, not as
 * windows of the size asked: a target that caps its pages (the platform: "The handling service should impose a hard
 * limit on this"), or whose last page is not aligned with the forward walk's, passes when the items agree.
 */
export function cursorWalkBack(walks: { forward: Walk; back: Walk }): Verdict {
  const { back } = walks;
  requireEnded(walks.forward);
  requireEnded(back);
  // An empty page after the last items is the flags rule's (hasNext should have been false before it).
  const forward = listPages(walks.forward);
  const items = walkItems(forward);
  let end = items.length;
  for (const [index, observed] of back.pages.entries()) {
    const got = observed.page.result.map(itemKey);
    const start = end - got.length;
    const want = start < 0 ? undefined : items.slice(start, end);
    if (!want || want.join(',') !== got.join(',')) {
      const place = start < 0 ? `more items than the ${end} left` : `not items ${start + 1} to ${end} in order`;
      throw new Violation(
        `${describeWalk(back)}: page ${index + 1} back holds ${got.length} items, ${place} of the ${describeWalk(forward)}`,
        [observed.exchange, ...pageHolding(forward, Math.max(start, 0))],
      );
    }
    end = start;
  }
  // A walk back that stopped early said hasPrevious false before the first items: the flags rule's to judge.
  if (end > 0) {
    throw new PrerequisiteMissing(
      ['custody.cursor.flags'],
      `${describeWalk(back)} said hasPrevious false after ${back.pages.length} pages, with ${end} items of the ${describeWalk(forward)} still before them`,
      back.pages.slice(-1).map(({ exchange }) => exchange),
    );
  }
  return passed({ pages: back.pages.length, items: items.length });
}

/** The exchange of the forward walk's page that holds the item at `position` (0-based), as evidence. */
function pageHolding(forward: Walk, position: number) {
  let seen = 0;
  for (const { page, exchange } of forward.pages) {
    seen += page.result.length;
    if (position < seen) return [exchange];
  }
  return forward.pages.slice(-1).map(({ exchange }) => exchange);
}
