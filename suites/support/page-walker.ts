import type { Exchange } from '../../client/http-exchange.ts';
import type { WalkEnd } from '../../checks/walk-end.ts';
import type { WalkBounds } from '../../targets/walk-bounds.ts';
import { WalkBudget } from './walk-budget.ts';
import { signPages, WalkSigns } from './walk-signs.ts';

/*
 * The one page walker: the loop, the bounds, the signs that a target's pages cannot end and the stop reasons, for
 * every family that walks pages. A family says how to read a page and what the next step is (a link, a token); the
 * walker takes the steps and stops where the pages end, where a step comes back, where the pages show the walk
 * cannot end, or at a bound: a walk never loops and never spends more than its bounds.
 */

/** A page as the walk holds it: the answer and what the family read of it. */
export interface WalkedPage<Page> {
  exchange: Exchange;
  page: Page;
}

/** Where a walk stops, and what it saw there (the link, the bound, the earlier page). */
export class WalkStop {
  constructor(
    readonly ended: WalkEnd,
    readonly note?: string,
  ) {}
}

/** A stop for a route to return from `read` or `next`. */
export function stopAt(ended: WalkEnd, note?: string): WalkStop {
  return new WalkStop(ended, note);
}

/** The step from one page to the next: taken once (its key met again stops the walk). */
export interface PageStep {
  /** What the step is known by: a link's URL, a token. */
  key: string;
  /** The step in words for a note: "links.next https://…", "NEXT with token …". */
  label: string;
  send(): Promise<Exchange>;
}

/** How one family reads its pages and steps on from them. */
export interface PageRoute<Page> {
  /**
   * The page an answer holds, or where the walk stops at it (the answer is then not one of the walk's pages). `step`
   * is the step that was taken to it (undefined for the first answer); what it throws is thrown from the walk.
   */
  read(exchange: Exchange, before: WalkedPage<Page> | undefined, step: PageStep | undefined): Page | WalkStop;
  /** Whether a page advanced past the one before it; a page that did not ends the walk (`not-advancing`). */
  advances?(before: Page, page: Page): boolean;
  /** The step on from the page just read; undefined at the end; a stop where the step cannot be taken. */
  next(current: WalkedPage<Page>, pages: number): PageStep | WalkStop | undefined;
  /** The page's records as keys: a fresh step to an earlier page's records is a loop. */
  records(page: Page): readonly string[];
  /** The page count or total the page claims, when it claims one: a total that keeps growing never ends. */
  total?(page: Page): number | undefined;
  /** How a note names what the pages claim to count ("meta.totalPages"); default "the total". */
  totalName?: string;
  /** How a note names a page's records ("products"); default "records". */
  recordsName?: string;
  /**
   * The budget the walk spends, for a family that asks more pages by another route after the walk and must spend
   * the same budget there; default a fresh one of the walk's bounds.
   */
  budget?: WalkBudget;
}

/** A walk's pages and why it stopped. */
export interface PageWalk<Page> {
  pages: WalkedPage<Page>[];
  ended: WalkEnd;
  note?: string;
}

/**
 * Walks from `first` (already requested, keyed by `firstKey` when a step back to it is a loop) along `route`'s steps
 * within `bounds` (see WalkBudget). The order at each page: read it; stop where it did not advance; stop at the end
 * (no step on) or where the step cannot be taken; then, the walk going on, stop at a step taken before (a loop),
 * at a sign it cannot end, or at a bound; else take the step.
 */
export async function walkPages<Page>(
  first: Exchange,
  route: PageRoute<Page>,
  bounds: WalkBounds,
  firstKey?: string,
): Promise<PageWalk<Page>> {
  const pages: WalkedPage<Page>[] = [];
  const stop = ({ ended, note }: WalkStop): PageWalk<Page> => ({ pages, ended, ...(note ? { note } : {}) });
  const budget = route.budget ?? new WalkBudget(bounds);
  budget.spend(first);
  const signs = new WalkSigns();
  const taken = new Set<string>(firstKey === undefined ? [] : [firstKey]);
  let exchange = first;
  let step: PageStep | undefined;
  for (;;) {
    const before = pages.at(-1);
    const read = route.read(exchange, before, step);
    if (read instanceof WalkStop) return stop(read);
    const current = { exchange, page: read };
    pages.push(current);
    if (before && step && route.advances && !route.advances(before.page, current.page))
      return stop(stopAt('not-advancing', `${step.label} gave the same page again`));
    const next = route.next(current, pages.length);
    if (next === undefined) return stop(stopAt('end-reached'));
    if (next instanceof WalkStop) return stop(next);
    if (taken.has(next.key))
      return stop(stopAt('repeated-step', `${next.label} of page ${pages.length} was taken before`));
    const sign = cannotEnd(signs, route, current.page, pages.length, step?.label ?? 'the first page');
    if (sign) return stop(sign);
    const bound = budget.exhausted(pages.length);
    if (bound) return stop(stopAt('page-cap', `${bound}; ${next.label} still given`));
    taken.add(next.key);
    step = next;
    exchange = await next.send();
    budget.spend(exchange);
  }
}

/** A sign in page `number` (reached by `reachedBy`) that the walk cannot end; undefined when none. */
function cannotEnd<Page>(
  signs: WalkSigns,
  route: PageRoute<Page>,
  page: Page,
  number: number,
  reachedBy: string,
): WalkStop | undefined {
  const records = route.records(page);
  const earlier = signs.samePageAs(records, number);
  if (earlier !== undefined)
    return stopAt(
      'repeated-records',
      `${reachedBy} (page ${number}) holds the same ${records.length} ${route.recordsName ?? 'records'} as ${earlier === number - 1 ? 'the page before' : `page ${earlier}`}`,
    );
  const pagesInARow = `pages ${number - signPages + 1} to ${number}`;
  // Growth first: pages past the data of a target whose total grows are empty too, and the growth is the cause.
  const total = route.total?.(page);
  if (signs.totalGrowing(total))
    return stopAt('growing-total', `${route.totalName ?? 'the total'} grew on each of ${pagesInARow} (now ${total})`);
  if (signs.emptyInARow(records.length === 0))
    return stopAt('empty-pages', `${pagesInARow} were empty and each still promised more`);
  return undefined;
}
