import type { Exchange } from '../../../client/http-exchange.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { errorBodyIssues } from './error-v2-refusal.ts';

/** Every error response (4xx or 5xx) has `errors`, a list of ErrorV2 with code, title and detail. */
export function errorV2Bodies(exchanges: readonly Exchange[]): Verdict {
  const statuses = new Set<number>();
  for (const exchange of exchanges) {
    const { status } = responseOf(exchange);
    if (status < 400) continue;
    statuses.add(status);
    const issues = errorBodyIssues(jsonOf(exchange));
    if (issues.length > 0)
      throw new Violation(`The ${status} response has no ErrorV2 body: ${issues.join('; ')}`, [exchange]);
  }
  return passed({ 'error statuses seen': [...statuses].sort().join(', ') });
}
