import type { Exchange } from '../../../client/http-exchange.ts';
import { responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** What the operation documents: its answer to a bad request, and every status it lists. */
export interface InvalidBodyStatuses {
  invalidInputStatus: number | null;
  documentedStatuses: readonly number[] | null;
}

/**
 * An invalid request body is refused as the caller's error: never accepted (2xx), never a crash (5xx), and
 * never with another status the operation lists for something else (401 speaks of the token, not the body).
 * A 4xx the operation does not list at all (422, 409) is still a refusal: that the status is not in the
 * list is billing.catalog.status.documented's finding, which probes the same bodies, so one fault fails one rule.
 */
export function invalidBodyRefused(exchange: Exchange, statuses: InvalidBodyStatuses): Verdict {
  const { status } = responseOf(exchange);
  const { invalidInputStatus: expected, documentedStatuses: documented } = statuses;
  if (status === expected) return passed({ status });
  if (status < 400 || status > 499) {
    throw new Violation(
      `Invalid input answered ${status}; expected a 4xx rejection${expected === null ? '' : ` (documented: ${expected})`}`,
      [exchange],
    );
  }
  if (expected !== null && documented?.includes(status)) {
    throw new Violation(
      `Invalid input answered ${status}, a status the operation documents for another case; the documented answer is ${expected}`,
      [exchange],
    );
  }
  return passed({ status, undocumentedRefusal: status });
}
