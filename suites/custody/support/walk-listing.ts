import { judgedFor } from '../../../checks/rule-check.ts';
import { cursorPageOf } from '../../../checks/custody/cursor-page.ts';
import type { ObservedPage, Walk } from '../../../checks/custody/walk.ts';
import { letOversizedTokenGo } from '../../../checks/custody/oversized-token.ts';
import { prerequisiteMissing } from '../../../checks/rule-blocked.ts';
import { RuleViolation } from '../../../checks/rule-violation.ts';
import type { CustodyClient } from '../../../client/custody/custody-client.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { itemKey } from '../../../checks/item-key.ts';
import { WalkBudget } from '../../support/walk-budget.ts';
import { signPages, WalkSigns } from '../../support/walk-signs.ts';
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

/**
 * Walks one listing forward (FIRST, then NEXT with the latest token while hasNext) or back (LAST, then
 * PREVIOUS while hasPrevious). It stops at the end, at a token seen before, at a page that does not advance
 * (the items of an earlier page), at a token too long to send back, at pages empty while more is promised, or at a
 * bound (pages, requests, time; see WalkBudget): a walk never loops. A first page served but not a cursor
 * page blocks the walk (the rule on FIRST and LAST judges it); anything else is a violation of `ruleId`.
 */
export async function walkListing(
  client: CustodyClient,
  endpoint: string,
  pageSize: number,
  direction: Walk['direction'],
  ruleId: RuleId,
): Promise<Walk> {
  const [start, step, more] =
    direction === 'forward' ? (['FIRST', 'NEXT', 'hasNext'] as const) : (['LAST', 'PREVIOUS', 'hasPrevious'] as const);
  const listing = client.listing(endpoint);
  const pages: ObservedPage[] = [];
  const tokens = new Set<string>();
  const walk = (ended: Walk['ended'], endNote?: string): Walk => ({
    endpoint,
    pageSize,
    direction,
    pages,
    ended,
    ...(endNote ? { endNote } : {}),
  });
  const budget = new WalkBudget(client.section);
  const signs = new WalkSigns();
  let exchange = await client.page(endpoint, { pageRequest: start, pageSize });
  budget.spend(exchange);
  for (;;) {
    let page: ObservedPage['page'];
    try {
      page = judgedFor(ruleId, () => cursorPageOf(exchange, listing));
    } catch (error) {
      throw whyNoPage(error, exchange, pages, { endpoint, start, step, pageSize, ruleId });
    }
    const oversizedToken = letOversizedTokenGo(exchange, page);
    pages.push({ exchange, page, ...(oversizedToken ? { oversizedToken } : {}) });
    if (page.cursor[more] !== true) return walk('end-reached');
    if (oversizedToken) return walk('oversized-token');
    if (tokens.has(page.cursor.currentPage)) return walk('repeated-token');
    // The items of an earlier page under a fresh token (the page before, or a loop through fresh tokens).
    const earlier = signs.samePageAs(page.result.map(itemKey), pages.length);
    if (earlier !== undefined)
      return walk('no-advance', earlier === pages.length - 1 ? 'the page before' : `page ${earlier}`);
    if (signs.emptyInARow(page.result.length === 0))
      return walk('empty-pages', `pages ${pages.length - signPages + 1} to ${pages.length}, each with a new token`);
    const bound = budget.exhausted(pages.length);
    if (bound) return walk('page-cap', bound);
    tokens.add(page.cursor.currentPage);
    exchange = await client.page(endpoint, { pageRequest: step, pageSize, currentPage: page.cursor.currentPage });
    budget.spend(exchange);
  }
}

/**
 * Why a page of the walk is no cursor page: a first page served (200) but no cursor page is the start rule's to judge;
 * a first page refused at an asked page size is the page-size rule's; a later page refused for a token holding a
 * character sent percent-encoded is the encoding rule's; a broken later page is the walk's own failure.
 */
function whyNoPage(
  error: unknown,
  exchange: Exchange,
  pages: readonly ObservedPage[],
  walk: { endpoint: string; start: string; step: string; pageSize: number; ruleId: RuleId },
): unknown {
  if (!(error instanceof RuleViolation) || !exchange.response) return error;
  const { endpoint, start, step, pageSize, ruleId } = walk;
  const sentToken = pages.at(-1)?.page.cursor.currentPage;
  if (sentToken !== undefined && exchange.response.status !== 200 && needsEncoding.test(sentToken))
    return prerequisiteMissing(
      ruleId,
      [tokenEncodingRule],
      `${endpoint}: ${step} with the server's token ${JSON.stringify(sentToken.slice(0, 60))} (it holds a character sent percent-encoded) was refused (${error.message})`,
      [exchange],
    );
  if (pages.length > 0) return error;
  const judgedBy = exchange.response.status === 200 ? [startRule] : [pageSizeRule];
  return prerequisiteMissing(
    ruleId,
    judgedBy,
    `${endpoint}: ${start} at page size ${pageSize} gave no cursor page to walk from (${error.message})`,
    [exchange],
  );
}
