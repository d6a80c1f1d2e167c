import { RuleBlocked } from '../../../checks/rule-blocked.ts';

/**
 * Every case of a rule judged whatever the others gave: a case that fails the rule (or crashes) decides, even
 * where another case was blocked, so a block on one card never hides another card's fault; the rule is blocked
 * only when no case failed.
 */
export async function judgedTogether<T>(cases: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(cases);
  const reasons = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  const own = reasons.find((reason) => !(reason instanceof RuleBlocked));
  if (own !== undefined) throw own;
  if (reasons.length > 0) throw reasons[0];
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}
