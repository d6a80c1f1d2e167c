import { RuleBlocked } from '../../checks/rule-blocked.ts';

/**
 * What `work` gives, or the RuleBlocked it threw (any other error goes on): for a reading a rule can do
 * without, or keeps for the one rule that needs it, where a block must not stop the rule that asked.
 */
export async function resultOrBlock<T>(work: () => T | Promise<T>): Promise<T | RuleBlocked> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RuleBlocked) return error;
    throw error;
  }
}
