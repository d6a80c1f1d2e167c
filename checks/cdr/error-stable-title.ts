import type { Exchange } from '../../client/http-exchange.ts';
import { jsonOf, responseOf } from '../response-required.ts';
import { passed, RuleViolation, type Verdict } from '../rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** One error condition met several times (the same request kind with other values): the exchanges of it. */
export interface ErrorOccurrences {
  condition: string;
  exchanges: readonly Exchange[];
}

const titlesOf = (exchange: Exchange, ruleId: RuleId): string[] => {
  const errors = (jsonOf(exchange, ruleId) as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors.map((error) => String((error as { title?: unknown } | null)?.title)) : [];
};

/**
 * The occurrences of one condition refused with the same status give the same titles (the detail is specific to each
 * occurrence and may differ).
 */
export function errorStableTitle(conditions: readonly ErrorOccurrences[], ruleId: RuleId): Verdict {
  for (const { condition, exchanges } of conditions) {
    const [first, ...others] = exchanges.filter((exchange) => responseOf(exchange, ruleId).status >= 400);
    if (!first) continue;
    // Occurrences refused with another status were answered as another condition: that is the status rules' to judge.
    const rest = others.filter((exchange) => responseOf(exchange, ruleId).status === responseOf(first, ruleId).status);
    const expected = titlesOf(first, ruleId).join(' | ');
    for (const other of rest) {
      const titles = titlesOf(other, ruleId).join(' | ');
      if (titles !== expected)
        throw new RuleViolation(
          ruleId,
          `${condition}: the title changed between occurrences (${JSON.stringify(expected)} then ${JSON.stringify(titles)})`,
          [first, other],
        );
    }
  }
  return passed(ruleId, { conditions: conditions.length });
}
