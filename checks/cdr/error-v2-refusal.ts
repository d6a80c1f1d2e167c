import type { Exchange } from '../../client/exchange.ts';
import { errorResponse } from '../../rules/cdr/envelope-schemas.ts';
import { jsonOf } from '../response-required.ts';
import { RuleViolation, type Verdict } from '../rule-violation.ts';
import { statusForInvalidInput } from '../status-for-invalid-input.ts';

/** Issues of an error body against `errors: ErrorV2[]`, as zod paths; empty when it keeps the shape. Pure. */
export function errorBodyIssues(body: unknown): string[] {
  const parsed = errorResponse.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`);
}

/** A refusal with the expected status (any 4xx when none is pinned) and an `errors` list of ErrorV2. */
export function errorV2Refusal(exchange: Exchange, ruleId: string, expectedStatus: number | null): Verdict {
  const verdict = statusForInvalidInput(exchange, ruleId, expectedStatus);
  const issues = errorBodyIssues(jsonOf(exchange, ruleId));
  if (issues.length > 0) throw new RuleViolation(ruleId, `The ${exchange.response?.status} refusal has no ErrorV2 body: ${issues.join('; ')}`, [exchange]);
  return verdict;
}
