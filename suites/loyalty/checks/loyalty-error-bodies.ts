import type { Exchange } from '../../../client/http-exchange.ts';
import { documentedErrorStatuses, loyaltyErrorSchema } from '../../../rules/loyalty/records.ts';
import { parsedWith } from '../../../checks/response-required.ts';
import { passed, type Verdict } from '../../../engine/rule-violation.ts';

const documented = new Set(Object.keys(loyaltyErrorSchema.shape));
const listed = new Set<number>(documentedErrorStatuses);

/**
 * Every error answer of a status the document lists (400, 403, 404, 409, 500) among the exchanges has the loyalty error
 * body: an object whose three fields are strings when present. Other members are tolerated and reported (the document
 * lists only those three); error answers of other statuses (a 401), whose body the document does not describe, are
 * observed.
 */
export function loyaltyErrorBodies(exchanges: readonly Exchange[]): Verdict {
  const errors = exchanges.filter((exchange) => (exchange.response?.status ?? 0) >= 400);
  const judged = errors.filter((exchange) => listed.has(exchange.response?.status ?? 0));
  const unlisted = errors.filter((exchange) => !listed.has(exchange.response?.status ?? 0));
  const others = new Set<string>();
  for (const exchange of judged) {
    const body = parsedWith(exchange, (json) => loyaltyErrorSchema.parse(json));
    for (const member of Object.keys(body)) if (!documented.has(member)) others.add(member);
  }
  return passed({
    'error answers judged': judged.length,
    statuses: [...new Set(judged.map((exchange) => exchange.response?.status))].join(', '),
    ...(others.size ? { 'members besides the documented three': [...others].join(', ') } : {}),
    ...(unlisted.length
      ? {
          'error answers of statuses the document does not list (not judged)': unlisted
            .map((exchange) => `${exchange.response?.status}: ${exchange.response?.text().slice(0, 80) ?? ''}`)
            .join('; '),
        }
      : {}),
  });
}
