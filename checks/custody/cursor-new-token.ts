import { passed, type Verdict } from '../rule-violation.ts';
import { requireEnded, type Walk } from './walk.ts';

/** A walk ends: no token comes back twice and the end is reached within the page cap. */
export function cursorNewToken(walk: Walk): Verdict {
  requireEnded(walk);
  return passed({ pages: walk.pages.length });
}
