import type { Exchange } from '../client/http-exchange.ts';
import { responseOf } from './response-required.ts';
import { passed, Violation, type Verdict } from '../engine/rule-violation.ts';

/** Valid input succeeds: exactly the documented success status, or any 2xx where none is documented. */
export function statusForValidInput(exchange: Exchange, documentedStatus: number | null): Verdict {
  const { status } = responseOf(exchange);
  const ok = documentedStatus === null ? status >= 200 && status <= 299 : status === documentedStatus;
  if (!ok) {
    const expected = documentedStatus === null ? 'a 2xx' : String(documentedStatus);
    throw new Violation(`Valid input answered ${status}; expected ${expected}`, [exchange]);
  }
  return passed({ status });
}
