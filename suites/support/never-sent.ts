import { RuleBlocked } from '../../checks/rule-blocked.ts';
import { RuleViolation } from '../../checks/rule-violation.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/**
 * A violation that rests only on exchanges the harness never sent (the family's circuit breaker had found the
 * target unresponsive) is no verdict on this rule: it is blocked by the rule that saw the target stop answering,
 * which fails with the timeout it met (one fault, one failed rule). Any other error is returned as it is.
 */
export function blockedWhenNeverSent(ruleId: string, error: unknown): unknown {
  if (!(error instanceof RuleViolation) || error.evidence.length === 0) return error;
  const neverSent = error.evidence.every((exchange) => exchange.error?.code === 'TARGET_UNRESPONSIVE');
  if (!neverSent) return error;
  const by = [
    ...new Set(error.evidence.flatMap((exchange) => (exchange.error?.judgedBy ? [exchange.error.judgedBy] : []))),
  ].filter((rule) => rule !== ruleId);
  if (by.length === 0) return error;
  return new RuleBlocked(by as RuleId[], error.message, error.evidence);
}
