import type { Exchange } from '../../../client/http-exchange.ts';
import { Violation } from '../../../engine/rule-violation.ts';

/**
 * A set-up step succeeded: a 2xx (which 2xx is billing.catalog.status.documented's to judge). Else a violation, which
 * the set-up step keeps for the rules that judge the step and turns into a missing prerequisite for any other.
 */
export function stepSucceeded(exchange: Exchange): void {
  const got = exchange.response?.status;
  if (got !== undefined && got >= 200 && got <= 299) return;
  throw new Violation(`Valid input answered ${got ?? exchange.error?.code ?? 'nothing'}; expected a 2xx`, [exchange]);
}
