import type { CardsClient, TransactionsQuery } from '../../../client/cards/cards-client.ts';
import type { ObservedTransactionsPage, TransactionsWalk } from '../../../checks/cards/transactions-walk.ts';
import { requireWalkEnded, transactionsPageOf } from '../../../checks/cards/transactions-walk.ts';
import { transactionKey, type WalkedPage } from '../../../rules/cards/transactions-schemas.ts';

/** The request of a walk in words, for failure texts. */
export function describeQuery(query: TransactionsQuery): string {
  const scope = query.cardId !== undefined ? `card ${query.cardId}` : `account ${String(query.accountId)}`;
  const window = query.startDate !== undefined || query.endDate !== undefined ? `${query.startDate ?? '…'} to ${query.endDate ?? '…'}` : 'the default window';
  return `transactions of ${scope}, ${window}, page size ${query.pageSize ?? 'default'}`;
}

/** A next page advances: its pageNumber (when both say one) is above the one before, and it is not the same transactions again. */
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
 * Walks GET /transactions: page 1 as asked, then each `next` link exactly as the target gave it. It
 * stops where a page has no next link (short of the end when its numbers say a later page exists), at a link followed before, at a page that does not advance, at a link
 * outside the target (never requested) or at the page cap: a walk never loops and never leaves the target.
 * A walk that did not reach its end blocks the rule (the links rule judges why), unless `partial` is asked
 * for by the rule that judges it. A page that is not a transactions page blocks it too (the items rule judges).
 */
export async function walkTransactionPages(client: CardsClient, query: TransactionsQuery, ruleId: string, options: { partial?: boolean } = {}): Promise<TransactionsWalk> {
  const pages: ObservedTransactionsPage[] = [];
  const followed = new Set<string>();
  const walk = (ended: TransactionsWalk['ended'], stoppedAt?: TransactionsWalk['stoppedAt']): TransactionsWalk => {
    const result: TransactionsWalk = { description: describeQuery(query), pageSize: typeof query.pageSize === 'number' ? query.pageSize : undefined, pages, ended, ...(stoppedAt ? { stoppedAt } : {}) };
    if (!options.partial) requireWalkEnded(result, ruleId);
    return result;
  };
  // Page 1 asked for by number: that the default page number is 1 is its own rule's to judge, not every walk's.
  let exchange = await client.getTransactions({ pageNumber: 1, ...query });
  let link: string | undefined;
  for (;;) {
    const page = transactionsPageOf(exchange, ruleId);
    const before = pages.at(-1);
    // An empty page reached from one whose own numbers said it was the last: that page's next link was the
    // fault (the links rule judges it there); the walk holds the pages of the window.
    if (before && page.transactions.length === 0 && !laterPageSaid(before.page)) return walk('end-reached');
    pages.push({ exchange, page });
    if (before && link !== undefined && !advances(before.page, page)) return walk('not-advancing', { link, why: '' });
    link = page.paginationDetails?.links?.next;
    if (link === undefined) return walk(laterPageSaid(page) ? 'next-missing' : 'end-reached');
    if (followed.has(link)) return walk('repeated-link', { link, why: '' });
    if (pages.length >= client.section.maxWalkPages) return walk('page-cap');
    const outside = client.linkOutside(link);
    if (outside !== undefined) return walk('outside-scope', { link, why: outside });
    followed.add(link);
    exchange = await client.follow(link);
  }
}
