import type { Exchange } from '../../../client/http-exchange.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** Every request made with the one token within its lifetime was authorised (no 401, all 2xx). */
export function tokenReusable(exchanges: readonly Exchange[]): Verdict {
  exchanges.forEach((exchange, index) => {
    const { status } = responseOf(exchange);
    if (status < 200 || status > 299) {
      throw new Violation(`Use number ${index + 1} of the same unexpired token answered ${status}`, [exchange]);
    }
  });
  return passed({ uses: exchanges.length });
}
