import type { Exchange } from '../../../client/http-exchange.ts';
import { maxPageSize } from '../../../rules/cards/transactions-schemas.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { transactionsEdgeRequest } from './transactions-request-checks.ts';
import { transactionsPageOf, type TransactionsWalk } from './transactions-walk.ts';
import { transactionsPageSizeLimit } from './transactions-walk-checks.ts';

/** A transactions request with a page size at the limit's edge, and whether the limit lets it through. */
export interface PageSizeEdge {
  edge: Exchange;
  accepted: boolean;
  why: string;
}

/**
 * A page size above the limit: "pageSize ... max 500" and "up to 500 transactions" per call state what a page
 * holds, not how a larger size is answered. Refused with 400, or served with at most 500 transactions and a
 * reported pageSize of at most 500 that the page keeps; which one is observed.
 */
function overLimit({ edge, why }: PageSizeEdge): Verdict {
  const { status } = responseOf(edge);
  if (status === 400) return passed({ 'page size above 500': 'refused (400)' });
  if (status !== 200 && status !== 206)
    throw new Violation(
      `${why}: answered ${status}; it must be refused with 400 or served with at most ${maxPageSize} transactions`,
      [edge],
    );
  const page = transactionsPageOf(edge);
  const reported = page.paginationDetails?.page?.pageSize;
  if (page.transactions.length > maxPageSize)
    throw new Violation(
      `${why}: served ${page.transactions.length} transactions on one page, more than ${maxPageSize}`,
      [edge],
    );
  if (typeof reported === 'number' && reported > maxPageSize)
    throw new Violation(`${why}: served a page that says pageSize ${reported}, above the maximum of ${maxPageSize}`, [
      edge,
    ]);
  if (typeof reported === 'number' && page.transactions.length > reported)
    throw new Violation(
      `${why}: served ${page.transactions.length} transactions on a page that says pageSize ${reported}`,
      [edge],
    );
  return passed({
    'page size above 500': `served (${status}, pageSize ${String(reported)}, ${page.transactions.length} transactions)`,
  });
}

/**
 * The page size limit, judged both where it is asked (sizes up to the limit accepted; above it refused or
 * served within it) and where it is kept (no page of a walk holds more than the size asked, or the default).
 */
export function pageSizeLimit(observed: TransactionsWalk | PageSizeEdge): Verdict {
  if (!('edge' in observed)) return transactionsPageSizeLimit(observed);
  return observed.accepted
    ? transactionsEdgeRequest(observed.edge, { accepted: true, why: observed.why })
    : overLimit(observed);
}
