import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { describeWalk, listPages, pagesBeforeStop, requireEnded, type Walk } from './walk.ts';

/**
 * Every page of a forward walk holds at most pageSize items (the platform: "The size of the page requested"). Whether
 * the pages before the last are full is observed, never judged: neither document 3 ("`cursor.pageSize` (integer)") nor
 * the platform says so, and the platform says "The handling service should impose a hard limit on this".
 */
export function cursorPageSize(walked: Walk): Verdict {
  // A walk that stopped short still shows its pages read before the stop: each is judged on its own.
  for (const [index, { page, exchange }] of pagesBeforeStop(walked).pages.entries()) {
    if (page.result.length > walked.pageSize)
      throw new Violation(
        `${describeWalk(walked)}: page ${index + 1} holds ${page.result.length} items, more than the ${walked.pageSize} asked`,
        [exchange],
      );
  }
  requireEnded(walked);
  const walk = listPages(walked);
  const short = walk.pages
    .slice(0, -1)
    .map(({ page }, index) => ({ index, count: page.result.length }))
    .filter(({ count }) => count < walk.pageSize);
  return passed({
    pageSize: walk.pageSize,
    pages: walk.pages.length,
    ...(short.length
      ? {
          'pages before the last holding fewer than pageSize (observed: not demanded)': short
            .map(({ index, count }) => `page ${index + 1}: ${count}`)
            .join(', '),
        }
      : {}),
  });
}
