import type { Exchange } from '../../../client/http-exchange.ts';
import { statusIssues, statusObservations } from '../../../rules/cdr/status-issues.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import type { RuleUnderCheck } from '../../../engine/check.ts';

/**
 * Every status response answers 200 and keeps the rule under test (the issues statusIssues attributes to it);
 * the standard's SHOULD sentences are reported as observations.
 */
export function statusCondition(this: RuleUnderCheck, exchanges: readonly Exchange[]): Verdict {
  const seen = new Set<string>();
  const notes = new Set<string>();
  for (const exchange of exchanges) {
    const { status } = responseOf(exchange);
    if (status !== 200) throw new Violation(`The status operation answered ${status}, not 200`, [exchange]);
    const body = jsonOf(exchange);
    const issue = statusIssues(body).find((candidate) => candidate.rule === this.ruleId);
    if (issue) throw new Violation(`The status response breaks the rule: ${issue.message}`, [exchange]);
    seen.add(String((body as { data?: { status?: unknown } | null } | null)?.data?.status));
    for (const note of statusObservations(body)) notes.add(note);
  }
  return passed({
    'statuses reported': [...seen].sort().join(', '),
    'optional times given': [...notes].sort(),
  });
}
