import { firstDuplicate } from '../../../checks/first-duplicate.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeWalk, endedFirst, pagesBeforeStop, requireEnded, walkEvidence, walkItems, type Walk } from './walk.ts';

/** The position of the first item seen twice in a walk, or -1. */

/** The page of a walk that holds the item at a position of the walk's item list. */
function pageHolding(walk: Walk, position: number): number {
  let count = 0;
  return walk.pages.findIndex(({ page }) => {
    count += page.result.length;
    return count > position;
  });
}

/**
 * Full forward walks of one listing at several page sizes: each holds no item twice, and all hold the same
 * items in the same order (the harness cannot know the data, so the walks are judged against each other).
 */
export function cursorWalkComplete(walks: readonly Walk[]): Verdict {
  const [baseline] = walks;
  if (!baseline) return passed();
  const expected = walkItems(baseline);
  for (const walk of endedFirst(walks)) {
    // No item twice is judged on the pages read even where the walk stopped short; the rest needs its end.
    const read = pagesBeforeStop(walk);
    const readItems = walkItems(read);
    const duplicate = firstDuplicate(readItems);
    if (duplicate !== -1) {
      const page = pageHolding(read, duplicate);
      throw new Violation(
        `${describeWalk(walk)}: item ${readItems[duplicate]} came twice (again on page ${page + 1})`,
        walkEvidence(walk, page),
      );
    }
    requireEnded(walk);
    const items = walkItems(walk);
    const differsAt = expected.findIndex((item, index) => items[index] !== item);
    if (items.length !== expected.length || differsAt !== -1) {
      const at = differsAt === -1 ? Math.min(items.length, expected.length) : differsAt;
      const page = pageHolding(walk, Math.min(at, Math.max(items.length - 1, 0)));
      throw new Violation(
        `${describeWalk(walk)} returned ${items.length} items, ${describeWalk(baseline)} ${expected.length}; they differ at item ${at + 1} (${items[at] ?? 'missing'} versus ${expected[at] ?? 'missing'})`,
        walkEvidence(walk, page === -1 ? walk.pages.length - 1 : page),
      );
    }
  }
  return passed({
    items: expected.length,
    walks: walks.map((walk) => `${walk.pageSize}:${walk.pages.length} pages`),
  });
}
