import { cursorPageOf } from '../checks/cursor-page.ts';
import type { ObservedPage, Walk } from '../checks/walk.ts';
import { letOversizedTokenGo, maxTokenChars } from '../checks/oversized-token.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { Violation } from '../../../engine/rule-violation.ts';
import type { CustodyClient } from '../client/custody-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { itemKey } from '../../../checks/item-key.ts';
import { type PageRoute, type PageStep, stopAt, walkPages } from '../../support/page-walker.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** The rule that judges the page FIRST and LAST answer: a walk that cannot start is blocked by it. */
const startRule: RuleId = 'custody.cursor.first-last-without-token';
/** The rule that judges the page sizes a walk asks for: a walk whose first page is refused is blocked by it. */
const pageSizeRule: RuleId = 'custody.cursor.page-size';
/**
 * The rule that judges server tokens sent back percent-encoded: a later page refused for a token holding +, / or = is
 * blocked by it.
 */
const tokenEncodingRule = 'custody.cursor.token-encoding';
const needsEncoding = /[+/=]/;

/** One listing walked one way: where it starts, the step on and the flag that promises a page further. */
interface ListingWay {
  endpoint: string;
  pageSize: number;
  start: 'FIRST' | 'LAST';
  step: 'NEXT' | 'PREVIOUS';
  more: 'hasNext' | 'hasPrevious';
}

/** A token in a note: its first 60 characters (a token may be thousands). */
const shownToken = (token: string) => JSON.stringify(token.length > 60 ? `${token.slice(0, 60)}...` : token);

/**
 * Walks one listing forward (FIRST, then NEXT with the latest token while hasNext) or back (LAST, then PREVIOUS
 * while hasPrevious) on the one page walker (suites/support/page-walker.ts), which stops it at the end, at a token
 * sent before (`repeated-step`), at the items of an earlier page under a fresh token (`repeated-records`), at pages
 * empty while more is promised, or at a bound: a walk never loops. A page that comes back with the very token it was
 * asked with did not advance (`not-advancing`), and a token too long to send back cannot be taken (`unusable-step`).
 * A first page served but not a cursor page is missing what the rule on FIRST and LAST judges (see whyNoPage); a
 * later page that is no cursor page is a plain violation, which the engine makes the violation of the rule in
 * progress.
 */
export async function walkListing(
  client: CustodyClient,
  endpoint: string,
  pageSize: number,
  direction: Walk['direction'],
): Promise<Walk> {
  const way: ListingWay =
    direction === 'forward'
      ? { endpoint, pageSize, start: 'FIRST', step: 'NEXT', more: 'hasNext' }
      : { endpoint, pageSize, start: 'LAST', step: 'PREVIOUS', more: 'hasPrevious' };
  const first = await client.page(endpoint, { pageRequest: way.start, pageSize });
  const { pages, ended, note } = await walkPages(first, listingRoute(client, way), client.section);
  return {
    endpoint,
    pageSize,
    direction,
    pages: pages.map(({ page }) => page),
    ended,
    ...(note ? { endNote: note } : {}),
  };
}

/** How a cursor listing reads its pages and steps on from them: the token of each page, sent back once. */
function listingRoute(client: CustodyClient, way: ListingWay): PageRoute<ObservedPage> {
  const listing = client.listing(way.endpoint);
  const { more } = way;
  return {
    read: (exchange, _before, step) => {
      let page: ObservedPage['page'];
      try {
        page = cursorPageOf(exchange, listing);
      } catch (error) {
        throw whyNoPage(error, exchange, step?.key, way);
      }
      const oversizedToken = letOversizedTokenGo(exchange, page);
      return { exchange, page, ...(oversizedToken ? { oversizedToken } : {}) };
    },
    // The page the token just sent asked for came back with that token: the walk stands still (the rule on new
    // tokens' to judge). A page that says it is the last ends the walk whatever its token; one too long is `next`'s.
    advances: (before, { page, oversizedToken }) =>
      page.cursor[more] !== true ||
      oversizedToken !== undefined ||
      page.cursor.currentPage !== before.page.cursor.currentPage,
    next: ({ page: { page, oversizedToken } }, pages) => {
      if (page.cursor[more] !== true) return undefined;
      if (oversizedToken)
        return stopAt(
          'unusable-step',
          `page ${pages} gave a token of ${oversizedToken.chars} characters, beyond the ${maxTokenChars} the harness sends back`,
        );
      return tokenStep(client, way, page.cursor.currentPage);
    },
    records: ({ page }) => page.result.map(itemKey),
  };
}

/** NEXT (PREVIOUS) with a page's token: known by the token, so a token met again is a step taken before. */
function tokenStep(client: CustodyClient, way: ListingWay, token: string): PageStep {
  const { endpoint, pageSize, step } = way;
  return {
    key: token,
    label: `${step} with token ${shownToken(token)}`,
    send: () => client.page(endpoint, { pageRequest: step, pageSize, currentPage: token }),
  };
}

/**
 * Why a page of the walk is no cursor page: a first page served (200) but no cursor page is the start rule's to judge;
 * a first page refused at an asked page size is the page-size rule's; a later page refused for a token holding a
 * character sent percent-encoded is the encoding rule's; a broken later page is the walking rule's own failure.
 * `sentToken` is the token the page was asked with (undefined for the first page).
 */
function whyNoPage(error: unknown, exchange: Exchange, sentToken: string | undefined, way: ListingWay): unknown {
  if (!(error instanceof Violation) || !exchange.response) return error;
  const { endpoint, start, step, pageSize } = way;
  if (sentToken !== undefined && exchange.response.status !== 200 && needsEncoding.test(sentToken))
    return new PrerequisiteMissing(
      [tokenEncodingRule],
      `${endpoint}: ${step} with the server's token ${JSON.stringify(sentToken.slice(0, 60))} (it holds a character sent percent-encoded) was refused (${error.message})`,
      [exchange],
    );
  if (sentToken !== undefined) return error;
  const judgedBy = exchange.response.status === 200 ? [startRule] : [pageSizeRule];
  return new PrerequisiteMissing(
    judgedBy,
    `${endpoint}: ${start} at page size ${pageSize} gave no cursor page to walk from (${error.message})`,
    [exchange],
  );
}
