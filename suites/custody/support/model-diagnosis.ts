import { cursorFlags } from '../../../checks/custody/cursor-flags.ts';
import { cursorNewToken } from '../../../checks/custody/cursor-new-token.ts';
import { cursorPageSize } from '../../../checks/custody/cursor-page-size.ts';
import { cursorWalkBack } from '../../../checks/custody/cursor-walk-back.ts';
import { cursorWalkComplete } from '../../../checks/custody/cursor-walk-complete.ts';
import type { Walk } from '../../../checks/custody/walk.ts';
import { RuleBlocked } from '../../../checks/rule-blocked.ts';
import { RuleViolation } from '../../../checks/rule-violation.ts';
import type { CustodyClient } from '../../../client/custody/custody-client.ts';
import { walkListing } from './walk-listing.ts';

/** The narrower rule a plain walk broke, and how. */
export interface NarrowerBreach {
  ruleIds: readonly string[];
  message: string;
}

/** Runs one narrower check; its violation (or what blocked it) is the breach. */
async function breachOf(check: () => unknown): Promise<NarrowerBreach | undefined> {
  try {
    await check();
    return undefined;
  } catch (error) {
    if (error instanceof RuleViolation) return { ruleIds: [error.ruleId], message: error.message };
    if (error instanceof RuleBlocked) return { ruleIds: error.blockedBy, message: error.missing };
    throw error;
  }
}

/**
 * Why a model sequence failed, when a narrower rule states it: a plain forward walk and a plain walk back at
 * one page size, judged by the walk rules (new tokens, flags, page size, completeness against the model's own
 * walk, walk back). A fault those walks already show is their rule's; only a disagreement they do not show
 * (sizes or directions mixed within one sequence) is the model rule's own. Two walks per size asked, bounded.
 */
export async function narrowerRuleBroken(client: CustodyClient, endpoint: string, pageSize: number, modelWalk: Walk): Promise<NarrowerBreach | undefined> {
  let forward: Walk | undefined;
  let back: Walk | undefined;
  const started = await breachOf(async () => {
    forward = await walkListing(client, endpoint, pageSize, 'forward', 'custody.cursor.walk-complete');
    back = await walkListing(client, endpoint, pageSize, 'back', 'custody.cursor.walk-back');
  });
  if (started || !forward || !back) return started;
  const walks = { forward, back };
  const checks = [
    () => cursorNewToken(walks.forward, 'custody.cursor.new-token'),
    () => cursorNewToken(walks.back, 'custody.cursor.new-token'),
    () => cursorFlags(walks, 'custody.cursor.flags'),
    () => cursorPageSize(walks.forward, 'custody.cursor.page-size'),
    () => cursorWalkComplete([modelWalk, walks.forward], 'custody.cursor.walk-complete'),
    () => cursorWalkBack(walks, 'custody.cursor.walk-back'),
  ];
  for (const check of checks) {
    const breach = await breachOf(check);
    if (breach) return breach;
  }
  return undefined;
}
