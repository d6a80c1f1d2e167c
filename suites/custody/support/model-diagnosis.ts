import type { Walk } from '../checks/walk.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { RuleViolation, Violation } from '../../../engine/rule-violation.ts';
import type { CustodyClient } from '../client/custody-client.ts';
import { isBlocked } from '../../../engine/result-or-block.ts';
import { checkOfRule } from './custody-session.ts';
import { walkListing } from './walk-listing.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** The narrower rule a plain walk broke, and how. */
export interface NarrowerBreach {
  ruleIds: readonly RuleId[];
  message: string;
}

/**
 * Runs one narrower check or walk; its violation (or what blocked it) is the breach. A walk's own failure (a plain
 * violation: a later page that is no cursor page) is `walkRule`'s, the rule whose walk it is; never the model rule's.
 */
async function breachOf(check: () => unknown, walkRule?: RuleId): Promise<NarrowerBreach | undefined> {
  try {
    await check();
    return undefined;
  } catch (error) {
    if (error instanceof RuleViolation) return { ruleIds: [error.ruleId], message: error.message };
    if (isBlocked(error)) return { ruleIds: error.blockedBy, message: error.missing };
    if (error instanceof PrerequisiteMissing) return { ruleIds: error.judgedBy, message: error.missing };
    if (error instanceof Violation && walkRule) return { ruleIds: [walkRule], message: error.message };
    throw error;
  }
}

/**
 * Why a model sequence failed, when a narrower rule states it: a plain forward walk and a plain walk back at
 * one page size, judged by the walk rules (new tokens, flags, page size, completeness against the model's own
 * walk, walk back). A fault those walks already show is their rule's; only a disagreement they do not show
 * (sizes or directions mixed within one sequence) is the model rule's own. Two walks per size asked, bounded.
 */
export async function narrowerRuleBroken(
  client: CustodyClient,
  endpoint: string,
  pageSize: number,
  modelWalk: Walk,
): Promise<NarrowerBreach | undefined> {
  let forward: Walk | undefined;
  let back: Walk | undefined;
  const started =
    (await breachOf(async () => {
      forward = await walkListing(client, endpoint, pageSize, 'forward');
    }, 'custody.cursor.walk-complete')) ??
    (await breachOf(async () => {
      back = await walkListing(client, endpoint, pageSize, 'back');
    }, 'custody.cursor.walk-back'));
  if (started || !forward || !back) return started;
  const walks = { forward, back };
  // Each walk rule judged by the check it names, bound to it: its violation is that rule's, never the model rule's.
  const checks = [
    () => checkOfRule('custody.cursor.new-token')(walks.forward),
    () => checkOfRule('custody.cursor.new-token')(walks.back),
    () => checkOfRule('custody.cursor.flags')(walks),
    () => checkOfRule('custody.cursor.page-size')(walks.forward),
    () => checkOfRule('custody.cursor.walk-complete')([modelWalk, walks.forward]),
    () => checkOfRule('custody.cursor.walk-back')(walks),
  ];
  for (const check of checks) {
    const breach = await breachOf(check);
    if (breach) return breach;
  }
  return undefined;
}
