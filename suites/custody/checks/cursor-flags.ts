import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeWalk, pagesBeforeStop, requireEnded, type Walk } from './walk.ts';

/** Which flag must be false exactly at the walk's start and which exactly at its end. */
function flagsOf(walk: Walk) {
  return walk.direction === 'forward'
    ? ({ atStart: 'hasPrevious', atEnd: 'hasNext' } as const)
    : ({ atStart: 'hasNext', atEnd: 'hasPrevious' } as const);
}

function judgeWalk(walk: Walk): void {
  const { atStart, atEnd } = flagsOf(walk);
  // A walk that stopped short: the pages read before the stop still say whether they are the first page.
  for (const [index, { page, exchange }] of pagesBeforeStop(walk).pages.entries()) {
    if (walk.ended !== 'end-reached' && page.cursor[atStart] !== (index !== 0))
      throw new Violation(`${describeWalk(walk)}: page ${index + 1} says ${atStart} ${page.cursor[atStart]}`, [
        exchange,
      ]);
  }
  requireEnded(walk);
  // The last page is the one that holds the last items: an empty page after it means that page said "more" wrongly.
  const ended = walk.pages.at(-1);
  if (walk.pages.length > 1 && ended?.page.result.length === 0) {
    throw new Violation(
      `${describeWalk(walk)}: page ${walk.pages.length - 1} holds the last items but says ${atEnd} true; the page it leads to is empty`,
      walk.pages.slice(-2).map(({ exchange }) => exchange),
    );
  }
  const last = walk.pages.length - 1;
  for (const [index, { page, exchange }] of walk.pages.entries()) {
    const wrong =
      page.cursor[atStart] !== (index !== 0) ? atStart : page.cursor[atEnd] !== (index !== last) ? atEnd : undefined;
    if (wrong) {
      throw new Violation(`${describeWalk(walk)}: page ${index + 1} says ${wrong} ${page.cursor[wrong]}`, [exchange]);
    }
  }
}

/**
 * hasPrevious is false exactly on the first page and hasNext exactly on the last, on a forward walk and on
 * the walk back from LAST; both walks have as many pages (a hasNext false too early makes the forward one short).
 */
export function cursorFlags(walks: { forward: Walk; back: Walk }): Verdict {
  judgeWalk(walks.forward);
  judgeWalk(walks.back);
  if (walks.forward.pages.length !== walks.back.pages.length) {
    throw new Violation(
      `${describeWalk(walks.forward)} ended (hasNext false) after ${walks.forward.pages.length} pages, but ${describeWalk(walks.back)} found ${walks.back.pages.length}`,
      [walks.forward.pages.at(-1)?.exchange, walks.back.pages.at(-1)?.exchange].filter(
        (exchange) => exchange !== undefined,
      ),
    );
  }
  return passed({ pages: walks.forward.pages.length });
}
