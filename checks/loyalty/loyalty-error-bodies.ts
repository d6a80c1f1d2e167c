import type { Exchange } from '../../client/exchange.ts';
import { loyaltyErrorSchema } from '../../rules/loyalty/records.ts';
import { parsedWith } from '../response-required.ts';
import { passed, type Verdict } from '../rule-violation.ts';

/** Every error answer among the exchanges has the loyalty error body: an object whose three fields are strings when present. */
export function loyaltyErrorBodies(exchanges: readonly Exchange[], ruleId: string): Verdict {
  const errors = exchanges.filter((exchange) => (exchange.response?.status ?? 0) >= 400);
  for (const exchange of errors) parsedWith(exchange, ruleId, (json) => loyaltyErrorSchema.parse(json));
  return passed(ruleId, { 'error answers judged': errors.length, statuses: [...new Set(errors.map((exchange) => exchange.response?.status))].join(', ') });
}
