import { createHash } from 'node:crypto';

/** Pages in a row that show the same sign (empty while more is promised, a count that grew) before a walk stops. */
export const signPages = 3;

/**
 * What a walk keeps to tell early that a target's pages cannot end, instead of spending its page cap: a digest
 * of each page's records (not the pages: a walk of thousands of pages keeps a few bytes each), the pages in a
 * row that were empty, and the pages in a row whose total grew.
 */
export class WalkSigns {
  readonly #pageOf = new Map<string, number>();
  #empty = 0;
  #growing = 0;
  #lastTotal: number | undefined;

  /**
   * The number of an earlier page that held the same records as page `page` (a loop through fresh URLs or
   * tokens), else undefined; an empty page matches none. Records the page.
   */
  samePageAs(keys: readonly string[], page: number): number | undefined {
    if (keys.length === 0) return undefined;
    const digest = createHash('sha1').update(keys.join('\n')).digest('base64');
    const earlier = this.#pageOf.get(digest);
    if (earlier === undefined) this.#pageOf.set(digest, page);
    return earlier;
  }

  /** Whether the last `signPages` pages were all empty (while the walk was told to go on). */
  emptyInARow(empty: boolean): boolean {
    this.#empty = empty ? this.#empty + 1 : 0;
    return this.#empty >= signPages;
  }

  /** Whether the page count or total the pages claim grew on each of the last `signPages` pages. */
  totalGrowing(total: number | undefined): boolean {
    const grew = total !== undefined && this.#lastTotal !== undefined && total > this.#lastTotal;
    this.#growing = grew ? this.#growing + 1 : 0;
    if (total !== undefined) this.#lastTotal = total;
    return this.#growing >= signPages;
  }
}
