import { passed, type Verdict } from '../../../engine/rule-violation.ts';
import { requireEnded, type Walk } from './walk.ts';

/**
 * Every page of a walk gives a new token the harness can send back: none comes back twice, none is too long to send
 * (or sits in a page too large to read). A walk stopped for another reason (flags that never said "end", a page that
 * does not advance) is the rule on that's to judge, and blocks this one.
 */
export function cursorNewToken(walk: Walk): Verdict {
  requireEnded(walk);
  return passed({ pages: walk.pages.length });
}
