import type { Exchange } from '../client/http-exchange.ts';
import { type DocumentedRefusal, statusForInvalidInput } from './status-for-invalid-input.ts';
import type { Verdict } from './rule-violation.ts';

/**
 * A request without a valid bearer token is refused: the documented status(es) where the operation lists them,
 * otherwise any 4xx (never a success, never a crash).
 */
export function unauthorizedStatus(exchange: Exchange, ruleId: string, documentedStatus: DocumentedRefusal): Verdict {
  return statusForInvalidInput(exchange, ruleId, documentedStatus);
}
