import type { Exchange } from '../../../client/http-exchange.ts';
import { isStandardErrorUrn } from '../../../rules/cdr/envelope-schemas.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

type ErrorItem = { code?: unknown; meta?: { urn?: unknown } };

/**
 * Every ErrorV2 whose code is application-specific carries meta.urn, a URN (errors of another shape are for
 * cdr.error.shape).
 */
export function errorUrn(exchanges: readonly Exchange[]): Verdict {
  let applicationCodes = 0;
  for (const exchange of exchanges) {
    if (responseOf(exchange).status < 400) continue;
    const errors = (jsonOf(exchange) as { errors?: unknown } | null)?.errors;
    for (const error of Array.isArray(errors) ? (errors as ErrorItem[]) : []) {
      if (typeof error?.code !== 'string' || isStandardErrorUrn(error.code)) continue;
      applicationCodes += 1;
      const urn = error.meta?.urn;
      if (typeof urn !== 'string' || !isStandardErrorUrn(urn))
        throw new Violation(
          `Error code ${JSON.stringify(error.code)} is application-specific but meta.urn is ${JSON.stringify(urn)}`,
          [exchange],
        );
    }
  }
  return passed({ 'application-specific codes': applicationCodes });
}
