import type { Exchange } from '../../../client/http-exchange.ts';
import { errorCodeShapedBadRequest, optionalBadRequestItemFields } from '../../../rules/cards/operations.ts';
import { badRequestBodySchema, errorCodeBodySchema } from '../../../rules/cards/schemas.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import type { RuleUnderCheck } from '../../../engine/check.ts';

/** The body schema an error answer of an operation must have ("Errors", B). */
export function errorBodySchemaFor(operationName: string, status: number) {
  if (status === 400 && !errorCodeShapedBadRequest.includes(operationName))
    return badRequestBodySchema(optionalBadRequestItemFields.includes(operationName));
  return errorCodeBodySchema;
}

/**
 * An error answer (4xx or 5xx) has the body its status and operation call for; only issues naming the rule
 * under test count. Success answers are not this rule's business.
 */
export function cardsErrorBody(this: RuleUnderCheck, exchange: Exchange, expected: { operation: string }): Verdict {
  const { status } = responseOf(exchange);
  if (status < 400) return passed();
  let body: unknown;
  try {
    body = jsonOf(exchange);
  } catch {
    // Only the rule whose shape the status calls for is broken by a body that is not JSON.
    if (
      errorBodySchemaFor(expected.operation, status)
        .safeParse(undefined)
        .error?.issues.some((issue) => issue.message === this.ruleId)
    ) {
      throw new Violation(`${expected.operation} answered ${status} with a body that is not JSON`, [exchange]);
    }
    return passed();
  }
  const result = errorBodySchemaFor(expected.operation, status).safeParse(body);
  const issues = result.success ? [] : result.error.issues.filter((issue) => issue.message === this.ruleId);
  if (issues.length) {
    const paths = issues.map((issue) => issue.path.map(String).join('.') || '(body)').join(', ');
    throw new Violation(
      `${expected.operation} answered ${status} with an error body that breaks the rule at ${paths}`,
      [exchange],
    );
  }
  return passed({ status });
}
