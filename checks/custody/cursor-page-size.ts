import { passed, Violation, type Verdict } from '../rule-violation.ts';
import { describeWalk, listPages, pagesBeforeStop, requireEnded, type Walk } from './walk.ts';

/**
 * Every page of a forward walk holds exactly pageSize items but the last, which holds 1 to pageSize (0 only when it is
 * the only page).
 */
export function cursorPageSize(walked: Walk): Verdict {
  // A walk that stopped short still shows its pages read before the stop: those a later, other page followed
  // are not the last, so full (the last of them may be the list's end whose "more" flag was the fault).
  for (const [index, { page, exchange }] of pagesBeforeStop(walked).pages.slice(0, -1).entries()) {
    if (walked.ended !== 'end-reached' && page.result.length !== walked.pageSize)
      throw new Violation(
        `${describeWalk(walked)}: page ${index + 1}, which has later pages, holds ${page.result.length} items`,
        [exchange],
      );
  }
  requireEnded(walked);
  // An empty page after the last items is the flags rule's (hasNext should have been false before it).
  const walk = listPages(walked);
  const last = walk.pages.length - 1;
  for (const [index, { page, exchange }] of walk.pages.entries()) {
    const count = page.result.length;
    const fits = index < last ? count === walk.pageSize : count <= walk.pageSize && (count > 0 || last === 0);
    if (!fits)
      throw new Violation(`${describeWalk(walk)}: page ${index + 1} of ${last + 1} holds ${count} items`, [exchange]);
  }
  return passed({ pageSize: walk.pageSize, pages: walk.pages.length });
}
