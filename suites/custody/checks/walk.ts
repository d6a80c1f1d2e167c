import type { Exchange } from '../../../client/http-exchange.ts';
import type { CursorPage } from '../../../rules/custody/schemas.ts';
import { maxTokenChars, type OversizedToken } from './oversized-token.ts';
import { itemKey } from '../../../checks/item-key.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import type { WalkEnd } from '../../../checks/walk-end.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** One page of a walk as observed: the exchange and its parsed body. */
export interface ObservedPage {
  exchange: Exchange;
  page: CursorPage;
  /** A token too long to send back: the page's currentPage then holds only a note of it (see oversized-token.ts). */
  oversizedToken?: OversizedToken;
}

/** A walk over one listing: FIRST then NEXT (forward) or LAST then PREVIOUS (back). */
export interface Walk {
  endpoint: string;
  pageSize: number;
  direction: 'forward' | 'back';
  pages: ObservedPage[];
  /** Why the walk stopped, in the spelling of every family's walks (see checks/walk-end.ts). */
  ended: WalkEnd;
  /** What the walk saw where it stopped short: the bound that stopped it, the pages that showed it cannot end. */
  endNote?: string;
}

// The item fields are not shown by the spec: items are compared by their JSON.
export { itemKey } from '../../../checks/item-key.ts';

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
 * The rules that judge why a walk did not end: a token sent before, a page that came back with the very token it was
 * asked with, or a token too long to send back is the new-token rule's; a page that repeats the items of an earlier
 * one under a fresh token is the completeness rule's (every item exactly once); a walk whose flags never said "end"
 * within its bounds (each page a new token, new items: the tokens were new, the flags promised more) or said "more"
 * over empty pages is the flags rule's. A rule that needs an ended walk for its own property is blocked by them.
 * Cursor pages claim no total, always give a token and throw where a step is refused (see walkListing): a growing
 * total and a missing step would be the flags' promise broken, a refused step the token's.
 */
const walkEndRules: Record<Exclude<WalkEnd, 'end-reached'>, readonly RuleId[]> = {
  'repeated-step': ['custody.cursor.new-token'],
  'not-advancing': ['custody.cursor.new-token'],
  'unusable-step': ['custody.cursor.new-token'],
  'step-refused': ['custody.cursor.new-token'],
  'repeated-records': ['custody.cursor.walk-complete'],
  'page-cap': ['custody.cursor.flags'],
  'empty-pages': ['custody.cursor.flags'],
  'growing-total': ['custody.cursor.flags'],
  'next-missing': ['custody.cursor.flags'],
};

/** Why a walk did not end, naming what it saw. */
function notEndedMessage(walk: Walk): string {
  const last = walk.pages.at(-1)?.page.cursor.currentPage ?? '';
  const token = last.length > 60 ? `${last.slice(0, 60)}... (${last.length} characters)` : last;
  const oversized = walk.pages.at(-1)?.oversizedToken;
  const note = walk.endNote ? ` (${walk.endNote})` : '';
  const more = walk.direction === 'forward' ? 'hasNext' : 'hasPrevious';
  switch (walk.ended) {
    case 'repeated-step':
    case 'not-advancing':
      return `${describeWalk(walk)}: the target returned token ${JSON.stringify(token)} a second time, so the walk would never end`;
    case 'repeated-records':
      return `${describeWalk(walk)}: page ${walk.pages.length} holds the same ${walk.pages.at(-1)?.page.result.length} items as ${earlierSamePage(walk)} (token ${JSON.stringify(token)}): the walk does not advance`;
    case 'empty-pages':
      return `${describeWalk(walk)}: pages came back empty while hasNext/hasPrevious stayed true${note}, so the walk would never end`;
    case 'unusable-step':
      return `${describeWalk(walk)}: page ${walk.pages.length} gave a token of ${oversized?.chars ?? last.length} characters (${JSON.stringify(oversized ? `${oversized.start}...` : token)}), beyond the ${maxTokenChars} the harness sends back`;
    case 'page-cap':
      return `${describeWalk(walk)}: ${more} never turned false within the walk's bounds${note}, each page with a new token and new items (last token ${JSON.stringify(token)})`;
    default:
      return `${describeWalk(walk)}: the walk stopped short (${walk.ended})${note} at token ${JSON.stringify(token)}`;
  }
}

/** The earlier page whose items the walk's last page repeats: "the page before", "page 2". */
function earlierSamePage(walk: Walk): string {
  const key = (page: ObservedPage) => page.page.result.map(itemKey).join('\n');
  const last = walk.pages.at(-1);
  const index = last ? walk.pages.slice(0, -1).findIndex((page) => key(page) === key(last)) : -1;
  return index === -1 || index === walk.pages.length - 2 ? 'the page before' : `page ${index + 1}`;
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
