import type { ServerResponse } from 'node:http';
import { pageRequests, type CustodyListingPath, type PageRequest } from '../../rules/custody/endpoints.ts';
import type { CustodyBehaviour, PagePlan } from './behaviour.ts';
import type { CursorTokens } from './cursor-token.ts';
import { listingItems } from './listings.ts';
import { replyJson } from '../http-io.ts';
import { replyError, replyInvalidCursor } from './reply.ts';

const defaultPageSize = 20;

/** Where a page request lands, from its kind and the position its token names. */
function offsetFor(request: PageRequest, pageSize: number, total: number, current: number | undefined, behaviour: CustodyBehaviour): number {
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / pageSize) * pageSize;
  if (request === 'FIRST') return 0;
  if (request === 'LAST') return lastOffset;
  const from = current ?? 0;
  if (request === 'NEXT') return Math.min(behaviour.nextOffset(from, pageSize, total), lastOffset);
  return Math.max(from - pageSize, 0);
}

/**
 * A cursor-paginated listing: pages aligned from the first item, so walking back from LAST meets the pages
 * of the forward walk in reverse order. NEXT and PREVIOUS keep the page size of their token.
 */
export class ListingHandler {
  /** The page size of the latest FIRST (only a mutant reads it). */
  #sizeOfLatestFirst: number | undefined;

  constructor(
    private readonly behaviour: CustodyBehaviour,
    private readonly tokens: CursorTokens,
  ) {}

  handle(res: ServerResponse, endpoint: CustodyListingPath, query: URLSearchParams): void {
    const request = query.get('cursor.pageRequest') ?? 'FIRST';
    if (!(pageRequests as readonly string[]).includes(request)) return replyError(res, 400, 'E400-INVALID_PAGE_REQUEST', 'cursor.pageRequest must be FIRST, LAST, NEXT or PREVIOUS');
    const pageRequest = request as PageRequest;
    const sizeText = query.get('cursor.pageSize');
    let pageSize = sizeText === null ? defaultPageSize : Number(sizeText);
    if (!this.behaviour.pageSizeAccepted(pageSize)) return replyError(res, 400, 'E400-INVALID_PAGE_SIZE', 'cursor.pageSize must be an integer from 1 to 1000');
    const tokenText = query.get('cursor.currentPage');
    if (this.behaviour.needsToken(pageRequest) && !tokenText) return replyError(res, 400, 'E400-MISSING_CURSOR', `${pageRequest} needs cursor.currentPage`);

    let current: number | undefined;
    if (tokenText && (pageRequest === 'NEXT' || pageRequest === 'PREVIOUS')) {
      const position = this.tokens.read(tokenText);
      const otherEndpoint = position !== undefined && position.endpoint !== endpoint && !this.behaviour.acceptsOtherEndpoint;
      // Tokens are bound to their page size: another explicit size makes the token foreign.
      const otherSize = position !== undefined && sizeText !== null && position.pageSize !== pageSize;
      if (!position || otherEndpoint || otherSize) return replyInvalidCursor(res);
      pageSize = position.pageSize;
      current = position.offset;
    }
    if (pageRequest === 'FIRST') this.#sizeOfLatestFirst = pageSize;
    if (pageRequest === 'LAST') pageSize = this.behaviour.lastPageSize(pageSize, this.#sizeOfLatestFirst);

    const items = listingItems.get(endpoint) ?? [];
    const offset = offsetFor(pageRequest, pageSize, items.length, current, this.behaviour);
    const plan: PagePlan = { items, offset, pageSize, total: items.length, request: pageRequest };
    replyJson(res, 200, {
      result: this.behaviour.pageItems(plan),
      cursor: { currentPage: this.tokens.issue({ endpoint, pageSize, offset }), ...this.behaviour.flags(plan) },
    });
  }
}
