import type { Exchange } from '../../../client/http-exchange.ts';
import { jsonOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { statusForInvalidInput } from '../../../checks/status-for-invalid-input.ts';
import { assignmentOutcome } from './assignment.ts';

/** A PATCH card naming a card user by an id that is refused, and the card read after it. */
export interface PatchNamingUser {
  patch: Exchange;
  after: Exchange;
  cardId: string;
  cardUserId: string;
}

/**
 * A GET transactions whose optional cardId or accountId filter names no card or account: the document lists 404 but
 * says nothing of a filter that matches nothing, so a refusal and a page without transactions are both allowed.
 */
export interface FilterMatchingNothing {
  filtered: Exchange;
  /** The filter and its value, in words ("cardId harness-unknown-1"). */
  filter: string;
  /** The success statuses of the operation (200, 206). */
  success: readonly number[];
}

/**
 * A filter that matches nothing is refused with a documented status, or answered with no transaction: transactions
 * "for a virtual card or for a card account" that does not exist are none. Which one is observed.
 */
function filterMatchingNothing(observed: FilterMatchingNothing, documentedStatuses: readonly number[]): Verdict {
  const { filtered, filter, success } = observed;
  const status = filtered.response?.status;
  if (status === undefined || !success.includes(status)) return statusForInvalidInput(filtered, documentedStatuses);
  // Read leniently: the page's shape is the transactions rules'; only transactions shown would be a fault here.
  let transactions: unknown;
  try {
    transactions = (jsonOf(filtered) as { transactions?: unknown } | null)?.transactions;
  } catch {
    transactions = undefined;
  }
  const shown = Array.isArray(transactions) ? transactions.length : 0;
  if (shown > 0)
    throw new Violation(
      `GET transactions with ${filter}, which names nothing, answered ${status} with ${shown} transactions`,
      [filtered],
    );
  return passed({ status, answered: 'a page without transactions' });
}

/**
 * An id that is unknown (or cannot be one) answers one of the documented statuses on every operation addressed
 * by it; a PATCH card naming such a card user answers one too, and the card keeps no user; a transactions filter
 * naming it is refused or matches no transaction. The verdict observes which status was met.
 */
export function idRefused(
  observed: Exchange | PatchNamingUser | FilterMatchingNothing,
  documentedStatuses: readonly number[],
): Verdict {
  if ('filtered' in observed) return filterMatchingNothing(observed, documentedStatuses);
  if (!('patch' in observed)) return statusForInvalidInput(observed, documentedStatuses);
  const { patch, after, cardId, cardUserId } = observed;
  const refused = statusForInvalidInput(patch, documentedStatuses);
  assignmentOutcome({
    patch,
    after,
    why: `PATCH of ${cardId} naming card user ${cardUserId}`,
    accepted: false,
    cardUserId,
    before: undefined,
  });
  return refused;
}
