import type { Exchange } from '../client/http-exchange.ts';
import { type DocumentedRefusal, statusForInvalidInput } from './status-for-invalid-input.ts';
import type { Verdict } from '../engine/rule-violation.ts';

/**
 * A request without a valid bearer token is refused: one of the documented unauthenticated statuses where the
 * operation lists them (401, or 403 where the document lists it so), otherwise any 4xx (never a success, never a
 * crash).
 */
export function unauthorizedStatus(exchange: Exchange, documentedStatus: DocumentedRefusal): Verdict {
  return statusForInvalidInput(exchange, documentedStatus);
}
