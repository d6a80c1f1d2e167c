import type { Exchange } from '../../client/http-exchange.ts';
import type { CursorPage } from '../../rules/custody/schemas.ts';
import { maxTokenChars, type OversizedToken } from './oversized-token.ts';
import { itemKey } from '../item-key.ts';
import { PrerequisiteMissing } from '../rule-blocked.ts';
import type { RuleId } from '../../rules/rule-id.ts';

/** One page of a walk as observed: the exchange and its parsed body. */
export interface ObservedPage {
  exchange: Exchange;
  page: CursorPage;
  /** A token too long to send back: the page's currentPage then holds only a note of it (see oversized-token.ts). */
  oversizedToken?: OversizedToken;
}

/**
 * Why a walk stopped: the end was reached, a token came back twice, a page repeated the items of an earlier one, a
 * bound of the walk was reached (pages, requests, time: `page-cap`), a token too long to send back, or pages came back
 * empty while the flags still promised more.
 */
export type WalkEnd = 'end-reached' | 'repeated-token' | 'no-advance' | 'page-cap' | 'oversized-token' | 'empty-pages';

/** A walk over one listing: FIRST then NEXT (forward) or LAST then PREVIOUS (back). */
export interface Walk {
  endpoint: string;
  pageSize: number;
  direction: 'forward' | 'back';
  pages: ObservedPage[];
  ended: WalkEnd;
  /** What the walk saw where it stopped short: the bound that stopped it, the earlier page a page repeated. */
  endNote?: string;
}

// The item fields are not shown by the spec: items are compared by their JSON.
export { itemKey } from '../item-key.ts';

export function walkItems(walk: Walk): string[] {
  return walk.pages.flatMap(({ page }) => page.result.map(itemKey));
}

export function describeWalk(walk: Walk): string {
  return `${walk.direction} walk of ${walk.endpoint} at page size ${walk.pageSize} (${walk.pages.length} pages)`;
}

/** The last exchanges of a walk, as evidence (a walk of hundreds of pages is not all shown). */
export function walkEvidence(walk: Walk, around?: number): Exchange[] {
  const pages = walk.pages.map(({ exchange }) => exchange);
  if (around === undefined) return pages.slice(-3);
  return pages.slice(Math.max(0, around - 1), around + 2);
}

/**
 * A walk that never reached its end cannot be judged further: a violation of the rules that judge why it did not end,
 * and blocks the others.
 */
export function requireEnded(walk: Walk): void {
  if (walk.ended === 'end-reached') return;
  throw new PrerequisiteMissing(walkEndRules[walk.ended], notEndedMessage(walk), walkEvidence(walk));
}

/**
 * The rules that judge why a walk did not end: a token met twice or too long is the new-token rule's; a page
 * that repeats the items of the one before is the completeness rule's (every item exactly once); a walk whose
 * flags never said "end" within the cap is the new-token and flags rules'. A rule that needs an ended walk
 * for its own property is blocked by them.
 */
const walkEndRules: Record<Exclude<WalkEnd, 'end-reached'>, readonly RuleId[]> = {
  'repeated-token': ['custody.cursor.new-token'],
  'oversized-token': ['custody.cursor.new-token'],
  'no-advance': ['custody.cursor.walk-complete'],
  'page-cap': ['custody.cursor.new-token', 'custody.cursor.flags'],
  'empty-pages': ['custody.cursor.flags'],
};

/** Why a walk did not end, naming what it saw. */
function notEndedMessage(walk: Walk): string {
  const last = walk.pages.at(-1)?.page.cursor.currentPage ?? '';
  const token = last.length > 60 ? `${last.slice(0, 60)}... (${last.length} characters)` : last;
  const oversized = walk.pages.at(-1)?.oversizedToken;
  if (walk.ended === 'repeated-token')
    return `${describeWalk(walk)}: the target returned token ${JSON.stringify(token)} a second time, so the walk would never end`;
  const note = walk.endNote ? ` (${walk.endNote})` : '';
  if (walk.ended === 'no-advance')
    return `${describeWalk(walk)}: page ${walk.pages.length} holds the same ${walk.pages.at(-1)?.page.result.length} items as ${walk.endNote ?? 'the page before'} (token ${JSON.stringify(token)}): the walk does not advance`;
  if (walk.ended === 'empty-pages')
    return `${describeWalk(walk)}: pages came back empty while hasNext/hasPrevious stayed true${note}, so the walk would never end`;
  if (walk.ended === 'oversized-token')
    return `${describeWalk(walk)}: page ${walk.pages.length} gave a token of ${oversized?.chars ?? last.length} characters (${JSON.stringify(oversized ? `${oversized.start}...` : token)}), beyond the ${maxTokenChars} the harness sends back`;
  return `${describeWalk(walk)}: hasNext/hasPrevious never turned false within the walk's bounds${note} (last token ${JSON.stringify(token)})`;
}

/**
 * A forward walk without an empty page after the page that held the last items: that page should have said
 * hasNext false, which is the flags rule's to judge; the rules about pages and their items read the pages
 * that hold the list.
 */
export function listPages(walk: Walk): Walk {
  const last = walk.pages.at(-1);
  return walk.pages.length > 1 && last?.page.result.length === 0 ? { ...walk, pages: walk.pages.slice(0, -1) } : walk;
}

/**
 * The pages a walk read before the page that stopped it short: what a rule can still judge of its own property
 * when the walk did not end (the stopping page is the evidence of the walk-end rule's fault, not of this one).
 */
export function pagesBeforeStop(walk: Walk): Walk {
  return walk.ended === 'end-reached' ? walk : { ...walk, pages: walk.pages.slice(0, -1) };
}

/** A page's token the harness may send back: one that promises a next page and was kept whole. */
export function sendableToken({ page, oversizedToken }: ObservedPage): string | undefined {
  return page.cursor.hasNext && oversizedToken === undefined ? page.cursor.currentPage : undefined;
}

/** Walks that reached their end before those stopped short: a rule judges all it can before one blocks it. */
export function endedFirst(walks: readonly Walk[]): Walk[] {
  return [...walks].sort((a, b) => Number(a.ended !== 'end-reached') - Number(b.ended !== 'end-reached'));
}
