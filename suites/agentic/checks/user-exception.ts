import type { Exchange } from '../../../client/http-exchange.ts';
import { agenticStatuses, userExceptionSchema } from '../../../rules/agentic/records.ts';
import { parsedWith } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import { statusForInvalidInput } from '../../../checks/status-for-invalid-input.ts';

/** Whether a `param` names a field: the name itself, or a path ending in it ($.field, body/field). */
export function paramNames(param: string, field: string): boolean {
  return param === field || param.endsWith(`.${field}`) || param.endsWith(`/${field}`) || param.endsWith(`[${field}]`);
}

/**
 * A payload that breaks a field rule: 400 with error {code, description, type USER_EXCEPTION}, and `param`,
 * when the target sends it, naming the offending field.
 */
export function userException(exchange: Exchange, expected: { field: string }): Verdict {
  statusForInvalidInput(exchange, agenticStatuses.userException);
  const { error } = parsedWith(exchange, (json) => userExceptionSchema.parse(json));
  if (error.param !== undefined && !paramNames(error.param, expected.field)) {
    throw new Violation(`param is ${JSON.stringify(error.param)}; the offending field is ${expected.field}`, [
      exchange,
    ]);
  }
  return passed({ 'param sent': error.param !== undefined });
}
