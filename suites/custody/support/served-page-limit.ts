import { cursorPageOf } from '../checks/cursor-page.ts';
import { pageLimitOf } from '../checks/list-model.ts';
import type { Walk } from '../checks/walk.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { Violation } from '../../../engine/rule-violation.ts';
import type { CustodyClient } from '../client/custody-client.ts';
import { largestAskedPageSize } from '../../../generators/custody/walk-page-sizes.ts';

/**
 * The most items a listing puts on a page, as the target serves it (a platform may cap pages whatever
 * `cursor.pageSize` asks: "The handling service should impose a hard limit on this"): read from a FIRST page at the
 * largest size a sequence asks, sent before the model's walk, and from that walk's pages. Infinity: no limit binds
 * the sizes asked. A probe answered with no cursor page gives nothing (the walk rules judge the pages).
 */
export async function probePageLimit(client: CustodyClient, endpoint: string): Promise<(walk: Walk) => number> {
  const exchange = await client.page(endpoint, { pageRequest: 'FIRST', pageSize: largestAskedPageSize });
  let probed: { asked: number; items: number; hasNext: boolean }[] = [];
  try {
    const page = cursorPageOf(exchange, client.listing(endpoint));
    probed = [{ asked: largestAskedPageSize, items: page.result.length, hasNext: page.cursor.hasNext }];
  } catch (error) {
    // No cursor page, or one too large to read (the rule on new tokens'): the walk that follows meets it too.
    if (!(error instanceof Violation || error instanceof PrerequisiteMissing)) throw error;
  }
  return (walk) =>
    pageLimitOf([
      ...probed,
      ...walk.pages.map(({ page }) => ({
        asked: walk.pageSize,
        items: page.result.length,
        hasNext: page.cursor.hasNext,
      })),
    ]);
}
