import { PrerequisiteMissing } from '../rule-blocked.ts';
import { passed, Violation, type Verdict } from '../rule-violation.ts';
import { describeWalk, itemKey, listPages, requireEnded, type Walk } from './walk.ts';

/** LAST then PREVIOUS meets the pages of the forward walk (same size) in reverse order, item for item. */
export function cursorWalkBack(walks: { forward: Walk; back: Walk }): Verdict {
  const { back } = walks;
  requireEnded(walks.forward);
  requireEnded(back);
  // An empty page after the last items is the flags rule's (hasNext should have been false before it).
  const forward = listPages(walks.forward);
  const expected = [...forward.pages].reverse();
  for (const [index, observed] of back.pages.entries()) {
    const want = expected[index];
    const got = observed.page.result.map(itemKey).join(',');
    if (!want || want.page.result.map(itemKey).join(',') !== got) {
      throw new Violation(
        `${describeWalk(back)}: page ${index + 1} back does not match page ${forward.pages.length - index} of the ${describeWalk(forward)}`,
        [observed.exchange, ...(want ? [want.exchange] : [])],
      );
    }
  }
  // A walk back that stopped early said hasPrevious false before the first page: the flags rule's to judge.
  if (back.pages.length < forward.pages.length) {
    throw new PrerequisiteMissing(
      ['custody.cursor.flags'],
      `${describeWalk(back)} said hasPrevious false after ${back.pages.length} pages, the ${describeWalk(forward)} has ${forward.pages.length}`,
      back.pages.slice(-1).map(({ exchange }) => exchange),
    );
  }
  if (back.pages.length !== forward.pages.length) {
    throw new Violation(
      `${describeWalk(back)} has ${back.pages.length} pages, the ${describeWalk(forward)} ${forward.pages.length}`,
      back.pages.slice(-1).map(({ exchange }) => exchange),
    );
  }
  return passed({ pages: back.pages.length });
}
