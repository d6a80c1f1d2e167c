import { passed, type Verdict } from '../rule-violation.ts';
import { requireEnded, type Walk } from './walk.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** A walk ends: no token comes back twice and the end is reached within the page cap. */
export function cursorNewToken(walk: Walk, ruleId: RuleId): Verdict {
  requireEnded(walk, ruleId);
  return passed(ruleId, { pages: walk.pages.length });
}
