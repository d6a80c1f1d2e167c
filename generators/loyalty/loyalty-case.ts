import type { LoyaltyCaseOutcome, LoyaltyOperation, observedOutcome } from '../../rules/loyalty/records.ts';

/**
 * One loyalty request a rule judges, and what it must get (or, where the document leaves it open, that its answer is
 * observed).
 */
export interface LoyaltyCase {
  operation: LoyaltyOperation;
  body: Record<string, unknown>;
  outcome: LoyaltyCaseOutcome | typeof observedOutcome;
  why: string;
}

/** A copy of a body with a (dotted) path set to a value, or removed when the value is `absent`; pure. */
export const absent = Symbol('absent');
export function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const copy: Record<string, unknown> = { ...body };
  if (rest.length > 0) copy[head] = withField((body[head] ?? {}) as Record<string, unknown>, rest.join('.'), value);
  else if (value === absent) delete copy[head];
  else copy[head] = value;
  return copy;
}
