import { cursorPageOf } from '../../../checks/custody/cursor-page.ts';
import type { ObservedPage, Walk } from '../../../checks/custody/walk.ts';
import type { CustodyClient } from '../../../client/custody/custody-client.ts';

/**
 * Walks one listing forward (FIRST, then NEXT with the latest token while hasNext) or back (LAST, then
 * PREVIOUS while hasPrevious). It stops at the end, at a token seen before, or at the page cap: a walk
 * never loops. A page that is not a cursor page is a violation of `ruleId`.
 */
export async function walkListing(client: CustodyClient, endpoint: string, pageSize: number, direction: Walk['direction'], ruleId: string): Promise<Walk> {
  const [start, step, more] = direction === 'forward' ? (['FIRST', 'NEXT', 'hasNext'] as const) : (['LAST', 'PREVIOUS', 'hasPrevious'] as const);
  const pages: ObservedPage[] = [];
  const tokens = new Set<string>();
  const walk = (ended: Walk['ended']): Walk => ({ endpoint, pageSize, direction, pages, ended });
  let exchange = await client.page(endpoint, { pageRequest: start, pageSize });
  for (;;) {
    const page = cursorPageOf(exchange, ruleId);
    pages.push({ exchange, page });
    if (!page.cursor[more]) return walk('end-reached');
    if (tokens.has(page.cursor.currentPage)) return walk('repeated-token');
    if (pages.length >= client.section.maxWalkPages) return walk('page-cap');
    tokens.add(page.cursor.currentPage);
    exchange = await client.page(endpoint, { pageRequest: step, pageSize, currentPage: page.cursor.currentPage });
  }
}
