import { judgedFor } from '../../../checks/rule-check.ts';
import type { CardsClient, TransactionsQuery } from '../../../client/cards/cards-client.ts';
import type { ObservedTransactionsPage, TransactionsWalk } from '../../../checks/cards/transactions-walk.ts';
import { requireWalkEnded, transactionsPageOf, walkEndText } from '../../../checks/cards/transactions-walk.ts';
import { RuleBlocked } from '../../../checks/rule-blocked.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { transactionKey, type WalkedPage } from '../../../rules/cards/transactions-schemas.ts';
import { WalkBudget } from '../../support/walk-budget.ts';
import { signPages, WalkSigns } from '../../support/walk-signs.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** The request of a walk in words, for failure texts. */
export function describeQuery(query: TransactionsQuery): string {
  const scope = query.cardId !== undefined ? `card ${query.cardId}` : `account ${String(query.accountId)}`;
  const window =
    query.startDate !== undefined || query.endDate !== undefined
      ? `${query.startDate ?? '…'} to ${query.endDate ?? '…'}`
      : 'the default window';
  return `transactions of ${scope}, ${window}, page size ${query.pageSize ?? 'default'}`;
}

/**
 * A next page advances: its pageNumber (when both say one) is above the one before, and it is not the same transactions
 * again.
 */
function advances(before: WalkedPage, after: WalkedPage): boolean {
  const [from, to] = [before.paginationDetails?.page?.pageNumber, after.paginationDetails?.page?.pageNumber];
  if (typeof from === 'number' && typeof to === 'number' && to <= from) return false;
  const keys = (page: WalkedPage) => page.transactions.map(transactionKey).join('\n');
  return after.transactions.length === 0 || keys(before) !== keys(after);
}

/** The page's own numbers say a later page exists (both read as numbers): a missing next link cut the walk short. */
function laterPageSaid(page: WalkedPage): boolean {
  const { pageNumber, pageCount } = page.paginationDetails?.page ?? {};
  return typeof pageNumber === 'number' && typeof pageCount === 'number' && pageNumber < pageCount;
}

/**
 * The pages of a walk whose next links stopped short, asked by the document's pageNumber parameter instead
 * (2 to the pageCount page 1 says), all at once: another route on the target, so the rules about the window's
 * pages are judged though a link is broken. Undefined where this route does not hold the window either (no
 * pageCount, too many pages, a page that does not advance); a page that is not a transactions page blocks the
 * rule by the items rule, as on the usual route.
 */
async function pagesByNumber(
  client: CardsClient,
  query: TransactionsQuery,
  first: ObservedTransactionsPage,
  ruleId: RuleId,
): Promise<ObservedTransactionsPage[] | undefined> {
  const count = first.page.paginationDetails?.page?.pageCount;
  const { maxWalkPages, maxWalkRequests } = client.section;
  if (
    typeof count !== 'number' ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > Math.min(maxWalkPages, maxWalkRequests)
  )
    return undefined;
  const later = await Promise.all(
    Array.from({ length: count - 1 }, async (_, index) => {
      const exchange = await client.getTransactions({ ...query, pageNumber: index + 2 });
      return { exchange, page: judgedFor(ruleId, () => transactionsPageOf(exchange)) };
    }),
  );
  const pages = [first, ...later];
  return pages.every(
    (observed, index) => index === 0 || advances((pages[index - 1] as ObservedTransactionsPage).page, observed.page),
  )
    ? pages
    : undefined;
}

/**
 * Walks GET /transactions: page 1 as asked, then each `next` link exactly as the target gave it. It
 * stops where a page has no next link (short of the end when its numbers say a later page exists), at a link
 * followed before, at a page that does not advance, at a link that leads to no transactions page, at a link
 * outside the target (never requested) or at the page cap: a walk never loops and never leaves the target.
 * A walk that did not reach its end is the links rule's to judge (asked with `partial`); for every other rule
 * the pages are then asked by pageNumber, and only where that route fails too is the rule blocked by the links
 * rule. A first page that is not a transactions page blocks it by the items rule.
 */
export async function walkTransactionPages(
  client: CardsClient,
  query: TransactionsQuery,
  ruleId: RuleId,
  options: { partial?: boolean } = {},
): Promise<TransactionsWalk> {
  const linked = await walkByLinks(client, query, ruleId);
  if (linked.ended === 'end-reached' || options.partial) return linked;
  const byNumber = await pagesByNumber(client, query, linked.pages[0] as ObservedTransactionsPage, ruleId);
  if (byNumber === undefined) judgedFor(ruleId, () => requireWalkEnded(linked));
  return {
    ...linked,
    pages: byNumber as ObservedTransactionsPage[],
    ended: 'end-reached',
    route: 'pageNumber',
    description: `${linked.description} (asked by pageNumber: ${walkEndText(linked)})`,
  };
}

/** The walk by next links as given, wherever it stops. */
async function walkByLinks(client: CardsClient, query: TransactionsQuery, ruleId: RuleId): Promise<TransactionsWalk> {
  const pages: ObservedTransactionsPage[] = [];
  const followed = new Set<string>();
  const walk = (ended: TransactionsWalk['ended'], stoppedAt?: TransactionsWalk['stoppedAt']): TransactionsWalk => ({
    description: describeQuery(query),
    pageSize: typeof query.pageSize === 'number' ? query.pageSize : undefined,
    pages,
    ended,
    ...(stoppedAt ? { stoppedAt } : {}),
  });
  const budget = new WalkBudget(client.section);
  const signs = new WalkSigns();
  // Page 1 asked for by number: that the default page number is 1 is its own rule's to judge, not every walk's.
  let exchange = await client.getTransactions({ pageNumber: 1, ...query });
  budget.spend(exchange);
  let link: string | undefined;
  for (;;) {
    const before = pages.at(-1);
    // A followed link that leads to no transactions page is a broken link (the links rule's); page 1 is the items
    // rule's.
    const page =
      before && link !== undefined ? readOr(exchange, ruleId) : judgedFor(ruleId, () => transactionsPageOf(exchange));
    if (page === undefined)
      return walk('broken-link', {
        link: link as string,
        why: `answered ${exchange.response?.status ?? exchange.error?.code}`,
      });
    // An empty page reached from one whose own numbers said it was the last: that page's next link was the
    // fault (the links rule judges it there); the walk holds the pages of the window.
    if (before && page.transactions.length === 0 && !laterPageSaid(before.page)) return walk('end-reached');
    pages.push({ exchange, page });
    if (before && link !== undefined && !advances(before.page, page)) return walk('not-advancing', { link, why: '' });
    const reachedBy = link ?? 'page 1';
    link = page.paginationDetails?.links?.next;
    if (link === undefined) return walk(laterPageSaid(page) ? 'next-missing' : 'end-reached');
    if (followed.has(link)) return walk('repeated-link', { link, why: '' });
    const sign = cannotEnd(signs, page, pages.length, reachedBy);
    if (sign) return walk(...sign);
    const bound = budget.exhausted(pages.length);
    if (bound) return walk('page-cap', { link, why: bound });
    const outside = client.linkOutside(link);
    if (outside !== undefined) return walk('outside-scope', { link, why: outside });
    followed.add(link);
    exchange = await client.follow(link);
    budget.spend(exchange);
  }
}

/** A sign in the page just read (page `number`) that the walk cannot end, as its end and where; undefined when none. */
function cannotEnd(
  signs: WalkSigns,
  page: WalkedPage,
  number: number,
  reachedBy: string,
): [TransactionsWalk['ended'], TransactionsWalk['stoppedAt']] | undefined {
  const pages = `pages ${number - signPages + 1} to ${number}`;
  const earlier = signs.samePageAs(page.transactions.map(transactionKey), number);
  if (earlier !== undefined)
    return ['not-advancing', { link: reachedBy, why: `page ${number} holds the same transactions as page ${earlier}` }];
  // Growth first: pages past the data of a target whose count grows are empty too, and the growth is the cause.
  const count = page.paginationDetails?.page?.pageCount;
  const growing = signs.totalGrowing(typeof count === 'number' ? count : undefined);
  if (growing) return ['growing-count', { link: reachedBy, why: `pageCount grew on each of ${pages} (now ${count})` }];
  if (signs.emptyInARow(page.transactions.length === 0))
    return ['empty-pages', { link: reachedBy, why: `${pages} held no transactions and each gave a next link` }];
  return undefined;
}

/** A transactions page, or undefined where the answer is none. */
function readOr(exchange: Exchange, ruleId: RuleId): WalkedPage | undefined {
  try {
    return judgedFor(ruleId, () => transactionsPageOf(exchange));
  } catch (error) {
    if (error instanceof RuleBlocked) return undefined;
    throw error;
  }
}
