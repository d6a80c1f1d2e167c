import type { Exchange } from '../../../client/http-exchange.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

/** One error condition met several times (the same request kind with other values): the exchanges of it. */
export interface ErrorOccurrences {
  condition: string;
  exchanges: readonly Exchange[];
}

const titlesOf = (exchange: Exchange): string[] => {
  const errors = (jsonOf(exchange) as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors.map((error) => String((error as { title?: unknown } | null)?.title)) : [];
};

/**
 * The occurrences of one condition refused with the same status give the same titles (the detail is specific to each
 * occurrence and may differ).
 */
export function errorStableTitle(conditions: readonly ErrorOccurrences[]): Verdict {
  for (const { condition, exchanges } of conditions) {
    const [first, ...others] = exchanges.filter((exchange) => responseOf(exchange).status >= 400);
    if (!first) continue;
    // Occurrences refused with another status were answered as another condition: that is the status rules' to judge.
    const rest = others.filter((exchange) => responseOf(exchange).status === responseOf(first).status);
    const expected = titlesOf(first).join(' | ');
    for (const other of rest) {
      const titles = titlesOf(other).join(' | ');
      if (titles !== expected)
        throw new Violation(
          `${condition}: the title changed between occurrences (${JSON.stringify(expected)} then ${JSON.stringify(titles)})`,
          [first, other],
        );
    }
  }
  return passed({ conditions: conditions.length });
}
