import type { Exchange } from '../../../client/http-exchange.ts';
import { errorResponse } from '../../../rules/cdr/envelope-schemas.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { Verdict } from '../../../engine/rule-violation.ts';
import { statusForInvalidInput } from '../../../checks/status-for-invalid-input.ts';

/** Issues of an error body against `errors: ErrorV2[]`, as zod paths; empty when it keeps the shape. Pure. */
export function errorBodyIssues(body: unknown): string[] {
  const parsed = errorResponse.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`);
}

/**
 * A refusal with the expected status (any 4xx when none is pinned). Its body's shape (an `errors` list of
 * ErrorV2) is cdr.error.shape's to judge: a refusal rule whose refusal has another body is blocked by it.
 */
export function errorV2Refusal(exchange: Exchange, expectedStatus: number | null): Verdict {
  const verdict = statusForInvalidInput(exchange, expectedStatus);
  let body: unknown;
  try {
    body = exchange.response?.json();
  } catch {
    body = undefined;
  }
  const issues = errorBodyIssues(body);
  if (issues.length > 0)
    throw new PrerequisiteMissing(
      ['cdr.error.shape'],
      `The ${exchange.response?.status} refusal has no ErrorV2 body: ${issues.join('; ')}`,
      [exchange],
    );
  return verdict;
}
