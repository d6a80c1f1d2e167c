import type { Exchange } from '../../client/http-exchange.ts';
import type { Verdict } from '../rule-violation.ts';
import { statusForInvalidInput } from '../status-for-invalid-input.ts';
import { assignmentOutcome } from './assignment.ts';

/** A PATCH card naming a card user by an id that is refused, and the card read after it. */
export interface PatchNamingUser {
  patch: Exchange;
  after: Exchange;
  cardId: string;
  cardUserId: string;
}

/**
 * An id that is unknown (or cannot be one) answers one of the documented statuses on every operation addressed
 * by it; a PATCH card naming such a card user answers one too, and the card keeps no user. The verdict
 * observes which status was met.
 */
export function idRefused(observed: Exchange | PatchNamingUser, documentedStatuses: readonly number[]): Verdict {
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
