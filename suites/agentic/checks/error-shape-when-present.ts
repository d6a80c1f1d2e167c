import type { Exchange } from '../../../client/http-exchange.ts';
import { businessExceptionSchema, systemExceptionSchema } from '../../../rules/agentic/records.ts';
import { parsedWith } from '../../../checks/response-required.ts';
import { passed, type Verdict } from '../../../engine/rule-violation.ts';

const schemas = { 422: businessExceptionSchema, 500: systemExceptionSchema } as const;

/**
 * The documented body of a status, judged on every exchange that got it; a status that never occurred is
 * reported, not failed (the document does not say when it occurs).
 */
export function errorShapeWhenPresent(exchanges: readonly Exchange[], expected: { status: 422 | 500 }): Verdict {
  const schema = schemas[expected.status];
  const met = exchanges.filter((exchange) => exchange.response?.status === expected.status);
  for (const exchange of met) parsedWith(exchange, (json) => schema.parse(json));
  const statuses = [...new Set(exchanges.map((exchange) => exchange.response?.status ?? exchange.error?.code))].join(
    ', ',
  );
  return passed({ [`${expected.status} answers judged`]: met.length, 'statuses seen': statuses });
}
