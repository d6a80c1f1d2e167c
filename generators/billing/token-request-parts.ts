import type { TokenRequestParts } from '../../rules/billing/token-request-parts.ts';
import type { InvalidCase } from '../gen.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A copy of the parts with one body field replaced; pure. */
export function withBodyField(parts: TokenRequestParts, field: string, value: unknown): TokenRequestParts {
  return { body: { ...parts.body, [field]: value }, headers: { ...parts.headers } };
}

/** A copy of the parts with one header set; pure. */
export function withHeader(parts: TokenRequestParts, name: string, value: string): TokenRequestParts {
  return { body: { ...parts.body }, headers: { ...parts.headers, [name]: value } };
}

/** A copy of the parts without the named body fields; pure. */
export function withoutBodyFields(parts: TokenRequestParts, fields: readonly string[]): TokenRequestParts {
  const body = Object.fromEntries(Object.entries(parts.body).filter(([name]) => !fields.includes(name)));
  return { body, headers: { ...parts.headers } };
}

/** Makes the invalid cases of one body field: the valid request with that field set to a value breaking `ruleId`. */
export function bodyFieldBreaking(valid: TokenRequestParts, field: string, ruleId: RuleId) {
  return (value: unknown, why: string): InvalidCase<TokenRequestParts> => ({
    value: withBodyField(valid, field, value),
    breaks: ruleId,
    why,
  });
}
