import { RuleBlocked } from './rule-blocked.ts';
import { forRule } from './rule-check.ts';
import { ruleInProgress } from '../core/rule-in-progress.ts';
import type { RuleId } from '../rules/rule-id.ts';

/**
 * What `work` gives, or the block it comes to for the rule in progress (any other error goes on): for a reading a
 * rule can do without, or keeps for the one rule that needs it, where a block must not stop the rule that asked. What
 * `work` threw is resolved as the engine resolves it (engine/rule-check.ts): a missing prerequisite the rule in
 * progress judges itself is its violation, thrown; one other rules judge is a block by them, returned.
 */
export async function resultOrBlock<T>(work: () => T | Promise<T>): Promise<T | RuleBlocked> {
  try {
    return await work();
  } catch (error) {
    return blockOrThrow(error);
  }
}

/** resultOrBlock for a reading done at once (a page read inside a walk's step). */
export function readOrBlock<T>(read: () => T): T | RuleBlocked {
  try {
    return read();
  } catch (error) {
    return blockOrThrow(error);
  }
}

/** What the rule in progress makes of an error: a block is returned, anything else thrown, resolved. */
function blockOrThrow(error: unknown): RuleBlocked {
  const asking = ruleInProgress();
  const resolved = asking === undefined ? error : forRule(asking as RuleId, error);
  if (resolved instanceof RuleBlocked) return resolved;
  throw resolved;
}

/** Whether what resultOrBlock gave is a block (the reading was stopped by other rules). */
export function isBlocked(value: unknown): value is RuleBlocked {
  return value instanceof RuleBlocked;
}
