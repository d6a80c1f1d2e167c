import type { Exchange } from '../../client/http-exchange.ts';
import type { Verdict } from '../rule-violation.ts';
import { transactionsEdgeRequest } from './transactions-request-checks.ts';
import type { TransactionsWalk } from './transactions-walk.ts';
import { transactionsPageSizeLimit } from './transactions-walk-checks.ts';

/** A transactions request with a page size at the limit's edge, and whether the limit lets it through. */
export interface PageSizeEdge {
  edge: Exchange;
  accepted: boolean;
  why: string;
}

/**
 * The page size limit, judged both where it is asked (sizes at its edges accepted or refused) and where it
 * is kept (no page of a walk holds more than the size asked, or the default).
 */
export function pageSizeLimit(observed: TransactionsWalk | PageSizeEdge, ruleId: string): Verdict {
  return 'edge' in observed ? transactionsEdgeRequest(observed.edge, ruleId, { accepted: observed.accepted, why: observed.why }) : transactionsPageSizeLimit(observed, ruleId);
}
