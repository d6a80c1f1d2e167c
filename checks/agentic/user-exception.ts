import type { Exchange } from '../../client/http-exchange.ts';
import { agenticStatuses, userExceptionSchema } from '../../rules/agentic/records.ts';
import { parsedWith } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import { statusForInvalidInput } from '../status-for-invalid-input.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** Whether a `param` names a field: the name itself, or a path ending in it ($.field, body/field). */
export function paramNames(param: string, field: string): boolean {
  return param === field || param.endsWith(`.${field}`) || param.endsWith(`/${field}`) || param.endsWith(`[${field}]`);
}

/**
 * A payload that breaks a field rule: 400 with error {code, description, type USER_EXCEPTION}, and `param`,
 * when the target sends it, naming the offending field.
 */
export function userException(exchange: Exchange, ruleId: RuleId, expected: { field: string }): Verdict {
  statusForInvalidInput(exchange, ruleId, agenticStatuses.userException);
  const { error } = parsedWith(exchange, ruleId, (json) => userExceptionSchema.parse(json));
  if (error.param !== undefined && !paramNames(error.param, expected.field)) {
    throw new RuleViolation(
      ruleId,
      `param is ${JSON.stringify(error.param)}; the offending field is ${expected.field}`,
      [exchange],
    );
  }
  return passed(ruleId, { 'param sent': error.param !== undefined });
}
