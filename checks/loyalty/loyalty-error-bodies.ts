import type { Exchange } from '../../client/http-exchange.ts';
import { loyaltyErrorSchema } from '../../rules/loyalty/records.ts';
import { parsedWith } from '../response-required.ts';
import { passed, type Verdict } from '../rule-violation.ts';

const documented = new Set(Object.keys(loyaltyErrorSchema.shape));

/**
 * Every error answer among the exchanges has the loyalty error body: an object whose three fields are strings
 * when present. Other members are tolerated and reported (the document lists only those three).
 */
export function loyaltyErrorBodies(exchanges: readonly Exchange[]): Verdict {
  const errors = exchanges.filter((exchange) => (exchange.response?.status ?? 0) >= 400);
  const others = new Set<string>();
  for (const exchange of errors) {
    const body = parsedWith(exchange, (json) => loyaltyErrorSchema.parse(json));
    for (const member of Object.keys(body)) if (!documented.has(member)) others.add(member);
  }
  return passed({
    'error answers judged': errors.length,
    statuses: [...new Set(errors.map((exchange) => exchange.response?.status))].join(', '),
    ...(others.size ? { 'members besides the documented three': [...others].join(', ') } : {}),
  });
}
