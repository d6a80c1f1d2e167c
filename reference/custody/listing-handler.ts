import type { ServerResponse } from 'node:http';
import { pageRequests, type CustodyListingPath, type PageRequest } from '../../rules/custody/endpoints.ts';
import type { CustodyBehaviour, PagePlan } from './behaviour.ts';
import type { CursorTokens } from './cursor-token.ts';
import { listingItems } from './listings.ts';
import { replyJson } from '../http-io.ts';
import { replyError, replyInvalidCursor } from './reply.ts';
import { type CustodyDialect, custodyDialects } from './dialect.ts';
import { shownWalkPageSize } from '../../rules/custody/limits.ts';

const defaultPageSize = shownWalkPageSize;

/** Where a page request lands, from its kind and the position its token names. */
function offsetFor(
  request: PageRequest,
  pageSize: number,
  total: number,
  current: number | undefined,
  behaviour: CustodyBehaviour,
): number {
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / pageSize) * pageSize;
  if (request === 'FIRST') return 0;
  if (request === 'LAST') return lastOffset;
  const from = current ?? 0;
  if (request === 'NEXT')
    return Math.min(behaviour.nextOffset(from, pageSize, total), behaviour.nextPastLastPage ? total : lastOffset);
  return Math.max(from - pageSize, 0);
}

/**
 * A cursor-paginated listing: pages aligned from the first item, so walking back from LAST meets the pages
 * of the forward walk in reverse order. NEXT and PREVIOUS keep the page size of their token.
 */
export class ListingHandler {
  /**
   * The page size of the latest FIRST on each listing (only a mutant reads it; per listing, so walks of other listings
   * do not disturb it).
   */
  readonly #sizeOfLatestFirst = new Map<string, number>();

  constructor(
    private readonly behaviour: CustodyBehaviour,
    private readonly tokens: CursorTokens,
    private readonly dialect: CustodyDialect = custodyDialects.default as CustodyDialect,
  ) {}

  handle(res: ServerResponse, endpoint: CustodyListingPath, query: URLSearchParams): void {
    const { itemsKey, cursorPrefix: prefix, stringResult } = this.dialect.listing(endpoint);
    const shape = this.dialect.errorShape;
    const asked = query.get(`${prefix}pageRequest`) ?? 'FIRST';
    const request = (pageRequests as readonly string[]).includes(asked)
      ? asked
      : (this.behaviour.offEnumPageRequest(asked) ?? asked);
    if (!(pageRequests as readonly string[]).includes(request))
      return replyError(
        res,
        400,
        'E400-INVALID_PAGE_REQUEST',
        `${prefix}pageRequest must be FIRST, LAST, NEXT or PREVIOUS`,
        shape,
      );
    const pageRequest = request as PageRequest;
    const sizeText = query.get(`${prefix}pageSize`);
    let pageSize = sizeText === null ? defaultPageSize : Number(sizeText);
    if (!this.behaviour.pageSizeAccepted(pageSize))
      return replyError(
        res,
        400,
        'E400-INVALID_PAGE_SIZE',
        `${prefix}pageSize must be an integer from 1 to 1000`,
        shape,
      );
    const tokenText = query.get(`${prefix}currentPage`);
    if (this.behaviour.needsToken(pageRequest) && !tokenText)
      return replyError(res, 400, 'E400-MISSING_CURSOR', `${pageRequest} needs ${prefix}currentPage`, shape);

    let current: number | undefined;
    if (tokenText && (pageRequest === 'NEXT' || pageRequest === 'PREVIOUS')) {
      const position = this.tokens.read(tokenText);
      const otherEndpoint =
        position !== undefined && position.endpoint !== endpoint && !this.behaviour.acceptsOtherEndpoint;
      // Tokens are bound to their page size: another explicit size makes the token foreign.
      const otherSize = position !== undefined && sizeText !== null && position.pageSize !== pageSize;
      if (!position || otherEndpoint || otherSize) return replyInvalidCursor(res, shape);
      pageSize = position.pageSize;
      current = position.offset;
    }
    if (pageRequest === 'FIRST') this.#sizeOfLatestFirst.set(endpoint, pageSize);
    if (pageRequest === 'LAST') pageSize = this.behaviour.lastPageSize(pageSize, this.#sizeOfLatestFirst.get(endpoint));

    const items = listingItems.get(endpoint) ?? [];
    const offset = offsetFor(pageRequest, pageSize, items.length, current, this.behaviour);
    const plan: PagePlan = { items, offset, pageSize, total: items.length, request: pageRequest };
    const shown = this.behaviour.pageItems(plan);
    replyJson(res, 200, {
      [itemsKey]: stringResult
        ? shown.map((item) => Object.values(item as Record<string, unknown>).join(',')).join('\n')
        : shown,
      cursor: { currentPage: this.tokens.issue({ endpoint, pageSize, offset }), ...this.behaviour.flags(plan) },
    });
  }
}
