import type { CardsClient, TransactionsQuery } from '../client/cards-client.ts';
import type { ObservedTransactionsPage, TransactionsWalk } from '../checks/transactions-walk.ts';
import { requireWalkEnded, transactionsPageOf, walkEndText } from '../checks/transactions-walk.ts';
import type { Exchange } from '../../../client/http-exchange.ts';
import { transactionKey, type WalkedPage } from '../../../rules/cards/transactions-schemas.ts';
import { type PageRoute, type PageStep, stopAt, walkPages } from '../../support/page-walker.ts';
import { isBlocked, readOrBlock } from '../../../engine/result-or-block.ts';
import { WalkBudget } from '../../support/walk-budget.ts';

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
 * pages are judged though a link is broken. It spends what is left of the walk's budget: undefined where this route
 * does not hold the window either (no pageCount, more pages than the bounds allow, a bound the walk already reached,
 * a page that does not advance, a page that says another pageCount than page 1: a count that grows as the pages are
 * read bounds nothing); a page that is not a transactions page blocks the rule by the items rule, as on the usual
 * route.
 */
async function pagesByNumber(
  client: CardsClient,
  query: TransactionsQuery,
  first: ObservedTransactionsPage,
  budget: WalkBudget,
): Promise<ObservedTransactionsPage[] | undefined> {
  const count = first.page.paginationDetails?.page?.pageCount;
  if (
    typeof count !== 'number' ||
    !Number.isInteger(count) ||
    count < 1 ||
    count > client.section.maxWalkPages ||
    count - 1 > budget.requestsLeft ||
    budget.exhausted(1) !== undefined
  )
    return undefined;
  const exchanges = await Promise.all(
    Array.from({ length: count - 1 }, (_, index) => client.getTransactions({ ...query, pageNumber: index + 2 })),
  );
  budget.spend(exchanges);
  const pages = [first, ...exchanges.map((exchange) => ({ exchange, page: transactionsPageOf(exchange) }))];
  return pages.every(
    (observed, index) =>
      index === 0 ||
      (observed.page.paginationDetails?.page?.pageCount === count &&
        advances((pages[index - 1] as ObservedTransactionsPage).page, observed.page)),
  )
    ? pages
    : undefined;
}

/**
 * Walks GET /transactions: page 1 as asked, then each `next` link exactly as the target gave it, on the one page
 * walker (suites/support/page-walker.ts). It stops where a page has no next link (short of the end when its numbers
 * say a later page exists), at a link followed before, at a page that does not advance, at a link that leads to no
 * transactions page, at a link outside the target (never requested), at a sign the pages cannot end or at a bound: a
 * walk never loops and never leaves the target. A walk that did not reach its end is the links rule's to judge (asked
 * with `partial`); for every other rule the pages are then asked by pageNumber, within what is left of the same
 * budget, and only where that route fails too is the rule blocked by the links rule. A first page that is not a
 * transactions page blocks it by the items rule.
 */
export async function walkTransactionPages(
  client: CardsClient,
  query: TransactionsQuery,
  options: { partial?: boolean } = {},
): Promise<TransactionsWalk> {
  const budget = new WalkBudget(client.section);
  const linked = await walkByLinks(client, query, budget);
  if (linked.ended === 'end-reached' || options.partial) return linked;
  const byNumber = await pagesByNumber(client, query, linked.pages[0] as ObservedTransactionsPage, budget);
  if (byNumber === undefined) requireWalkEnded(linked);
  return {
    ...linked,
    pages: byNumber as ObservedTransactionsPage[],
    ended: 'end-reached',
    route: 'pageNumber',
    description: `${linked.description} (asked by pageNumber: ${walkEndText(linked)})`,
  };
}

/** The walk by next links as given, wherever it stops, spending `budget`. */
async function walkByLinks(
  client: CardsClient,
  query: TransactionsQuery,
  budget: WalkBudget,
): Promise<TransactionsWalk> {
  // Page 1 asked for by number: that the default page number is 1 is its own rule's to judge, not every walk's.
  const first = await client.getTransactions({ pageNumber: 1, ...query });
  const { pages, ended, note } = await walkPages(first, { ...transactionsRoute(client), budget }, client.section);
  return {
    description: describeQuery(query),
    pageSize: typeof query.pageSize === 'number' ? query.pageSize : undefined,
    pages,
    ended,
    ...(note ? { note } : {}),
  };
}

/** How a transactions walk reads its pages and steps on: each page's next link, followed as given. */
function transactionsRoute(client: CardsClient): PageRoute<WalkedPage> {
  return {
    read: (exchange, before, step) => {
      // A followed link that leads to no transactions page is a broken link (the links rule's); page 1 is the items
      // rule's.
      if (!before || !step) return transactionsPageOf(exchange);
      const page = readOr(exchange);
      if (page === undefined)
        return stopAt('step-refused', `${step.label} answered ${exchange.response?.status ?? exchange.error?.code}`);
      // An empty page reached from one whose own numbers said it was the last: that page's next link was the
      // fault (the links rule judges it there); the walk holds the pages of the window.
      if (page.transactions.length === 0 && !laterPageSaid(before.page)) return stopAt('end-reached');
      return page;
    },
    advances,
    next: ({ page }) => {
      const link = page.paginationDetails?.links?.next;
      if (link === undefined) return laterPageSaid(page) ? stopAt('next-missing') : undefined;
      const outside = client.linkOutside(link);
      if (outside !== undefined) return stopAt('unusable-step', `links.next ${link}: ${outside}`);
      return nextLink(client, link);
    },
    records: (page) => page.transactions.map(transactionKey),
    total: (page) => {
      const count = page.paginationDetails?.page?.pageCount;
      return typeof count === 'number' ? count : undefined;
    },
    totalName: 'pageCount',
  };
}

/** A next link as the target gave it: known by the link itself, so a link met again is a step taken before. */
function nextLink(client: CardsClient, link: string): PageStep {
  return { key: link, label: `links.next ${link}`, send: () => client.follow(link) };
}

/**
 * A transactions page, or undefined where the answer is none: for the items rule, which judges that page, its
 * violation (thrown); for every other rule, a broken link. What transactionsPageOf throws is resolved as the engine
 * resolves it (readOrBlock, engine/result-or-block.ts).
 */
function readOr(exchange: Exchange): WalkedPage | undefined {
  const page = readOrBlock(() => transactionsPageOf(exchange));
  return isBlocked(page) ? undefined : page;
}
