import type { Exchange } from '../../client/http-exchange.ts';
import { statusIssues, statusObservations } from '../../rules/cdr/status-issues.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/**
 * Every status response answers 200 and keeps the rule under test (the issues statusIssues attributes to it);
 * the standard's SHOULD sentences are reported as observations.
 */
export function statusCondition(exchanges: readonly Exchange[], ruleId: RuleId): Verdict {
  const seen = new Set<string>();
  const notes = new Set<string>();
  for (const exchange of exchanges) {
    const { status } = responseOf(exchange, ruleId);
    if (status !== 200) throw new RuleViolation(ruleId, `The status operation answered ${status}, not 200`, [exchange]);
    const body = jsonOf(exchange, ruleId);
    const issue = statusIssues(body).find((candidate) => candidate.rule === ruleId);
    if (issue) throw new RuleViolation(ruleId, `The status response breaks the rule: ${issue.message}`, [exchange]);
    seen.add(String((body as { data?: { status?: unknown } | null } | null)?.data?.status));
    for (const note of statusObservations(body)) notes.add(note);
  }
  return passed(ruleId, {
    'statuses reported': [...seen].sort().join(', '),
    'optional times given': [...notes].sort(),
  });
}
