import type { Exchange } from '../client/http-exchange.ts';
import { statusForInvalidInput } from './status-for-invalid-input.ts';
import type { Verdict } from './rule-violation.ts';

/**
 * A request without a valid bearer token is refused: the documented 401 where the operation lists it,
 * otherwise any 4xx (never a success, never a crash).
 */
export function unauthorizedStatus(exchange: Exchange, ruleId: string, documentedStatus: number | null): Verdict {
  return statusForInvalidInput(exchange, ruleId, documentedStatus);
}
