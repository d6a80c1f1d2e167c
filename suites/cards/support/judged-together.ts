import { isBlocked, resultOrBlock } from '../../../engine/result-or-block.ts';

/**
 * Every case of a rule judged whatever the others gave: a case that fails the rule (or crashes) decides, even
 * where another case was blocked, so a block on one card never hides another card's fault; the rule is blocked
 * only when no case failed. What a case threw is resolved for the rule in progress, as the engine resolves it.
 */
export async function judgedTogether<T>(cases: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(cases.map((work) => resultOrBlock(() => work)));
  const own = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (own !== undefined) throw own.reason;
  const values = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const block = values.find(isBlocked);
  if (block !== undefined) throw block;
  return values as T[];
}
